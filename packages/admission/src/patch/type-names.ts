// The run-time check of `Object.<path>` type names in a mutation's value, which both patch
// types make: upstream compiles the expressions with dynamic types and checks the names when
// it evaluates (mutating/patch/smd.go, applyConfigPatcher.Patch; json_patch.go, jsonPatcher.Patch).
import { celTypeOf } from '@platlint/cel';
import { StageError } from '../evaluate/failures.js';

/**
 * Every `Object.<path>` construction must sit where its name says: a field's value is named
 * by the field path from the root, list items and map values by the list's or map's path.
 */
export function checkTypeNames(value: unknown, expected: string): void {
  if (Array.isArray(value)) {
    for (const item of value) checkTypeNames(item, expected);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const type = celTypeOf(value);
  if (type.startsWith('Object')) {
    if (type !== expected)
      throw new StageError(
        'result-type',
        `type mismatch: unexpected type name "${type}", expected "${expected}", the type named by its field path from the root Object`,
      );
    for (const [field, v] of value as Map<string, unknown>) checkTypeNames(v, `${expected}.${field}`);
    return;
  }
  // A map literal: its values are named by the map's own path.
  const entries = value instanceof Map ? [...value.values()] : Object.values(value);
  for (const v of entries) checkTypeNames(v, expected);
}
