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
  return {
    ...finding,
    ruleId: 'schema/type',
    message: `must be an ${integerWidth(node)} (${range[0]} to ${range[1]}), not ${describeValue(actual)}`,
  };
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

/**
 * The type mismatches of `after` that `before` did not have, where `after` is `before` changed
 * by copying what it changes (a patch or a merge): subtrees they share are the same values.
 * The changed values are looked at first, each against its node's JSON type (as toJsonSchema
 * writes it for the validator); only when one may not fit does the validator run on both,
 * and it alone says what is wrong. A patch of a valid object mostly changes nothing's type,
 * and validating the whole object every time doubled the cost of a small JSON patch.
 */
export function newTypeMismatches(schema: SchemaNode, before: unknown, after: unknown): StructuralFinding[] {
  if (!changedValueMayMisfit(before, after, schema)) return [];
  const found = typeMismatches(schema, after);
  if (found.length === 0) return [];
  const key = (f: StructuralFinding) => `${f.path.join('\u0000')}\u0001${f.message}`;
  const had = new Set(before === undefined ? [] : typeMismatches(schema, before).map(key));
  return found.filter((f) => !had.has(key(f)));
}

function changedValueMayMisfit(before: unknown, after: unknown, node: SchemaNode | undefined): boolean {
  if (before === after || !node || after === null || after === undefined) return false;
  if (!fitsType(after, node)) return true;
  if (node['x-kubernetes-preserve-unknown-fields'] || typeof after !== 'object') return false;
  if (Array.isArray(after)) {
    const old = Array.isArray(before) ? before : undefined;
    for (let i = 0; i < after.length; i++) if (changedValueMayMisfit(old?.[i], after[i], node.items)) return true;
    return false;
  }
  const old =
    before !== null && typeof before === 'object' && !Array.isArray(before) ? (before as Record<string, unknown>) : undefined;
  const props = node.properties;
  for (const key in after) {
    if (!Object.hasOwn(after, key)) continue;
    const child = (after as Record<string, unknown>)[key];
    const previous = old && Object.hasOwn(old, key) ? old[key] : undefined;
    if (previous === child) continue;
    // A field the type does not declare is strict decoding's business, not a type's.
    const sub = props ? (Object.hasOwn(props, key) ? props[key] : undefined) : node.additionalProperties;
    if (changedValueMayMisfit(previous, child, sub)) return true;
  }
  return false;
}

/** Whether a non-null value has the JSON type the validator asks of the node (not its format or limits). */
function fitsType(value: unknown, node: SchemaNode): boolean {
  if (node['x-kubernetes-int-or-string']) {
    if (typeof value === 'string') return true;
    if (typeof value !== 'number') return false;
    return node.format === 'quantity' || (Number.isInteger(value) && withinWidth(value, node));
  }
  if (node.type === 'object' || node.properties || node.additionalProperties)
    return value !== null && typeof value === 'object' && !Array.isArray(value);
  switch (node.type) {
    case 'array':
      return Array.isArray(value);
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'number':
      return typeof value === 'number';
    case 'integer':
      return Number.isInteger(value) && withinWidth(value as number, node);
    default:
      return true;
  }
}

function withinWidth(value: number, node: SchemaNode): boolean {
  const range = intRangeOf(node);
  return !range || (value >= range[0] && value <= range[1]);
}

function valueAt(root: unknown, path: readonly PathSegment[]): unknown {
  let current = root;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = getOwn(current, String(segment));
  }
  return current;
}
