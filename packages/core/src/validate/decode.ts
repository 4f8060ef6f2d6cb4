// What stops the API server from decoding a value into its Go type, as opposed to what its
// validation refuses later: a value of the wrong JSON type, and an integer beyond the width
// of its field. Configuration files (lint/config-loading.ts) and objects patched at admission
// (the admission engine's strict decoding) are both decoded this way.
import type { PathSegment } from '../source/field-path.js';
import { getOwn } from '../source/own-property.js';
import type { SchemaNode } from '../schema/tree.js';
import { schemaAt } from '../schema/tree.js';
import { integerWidth, intRangeOf } from './json-schema.js';
import { describeValue, validateStructure, type StructuralFinding } from './validator.js';

/** An integer outside its field's width cannot be decoded into the field: a type error, not a range error. */
export function asDecodeFailure(finding: StructuralFinding, schema: SchemaNode, root: unknown): StructuralFinding {
  if (finding.ruleId !== 'schema/range') return finding;
  const node = schemaAt(schema, finding.path);
  const range = intRangeOf(node);
  const actual = valueAt(root, finding.path);
  if (!range || typeof actual !== 'number' || (actual >= range[0] && actual <= range[1])) return finding;
  return { ...finding, ruleId: 'schema/type', message: `must be an ${integerWidth(node)} (${range[0]} to ${range[1]}), not ${describeValue(actual)}` };
}

/**
 * The values of `value` the server's decoder cannot read into the kind's types. A JSON null
 * is read as the field's zero value by Go's decoder, so it is never one of them.
 */
export function typeMismatches(schema: SchemaNode, value: unknown): StructuralFinding[] {
  return validateStructure(schema, value)
    .map((f) => asDecodeFailure(f, schema, value))
    .filter((f) => f.ruleId === 'schema/type' && valueAt(value, f.path) !== null);
}

function valueAt(root: unknown, path: readonly PathSegment[]): unknown {
  let current = root;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = getOwn(current, String(segment));
  }
  return current;
}
