import type { FieldPath } from '../source/field-path.js';
import { isJsonObject } from '../source/json-value.js';
import type { CelPlace } from './overlay-types.js';
import type { SchemaNode } from './tree.js';
import { schemaAt } from './tree.js';
import { WalkMemo } from './walk-memo.js';

/**
 * Where CEL stands in a kind, read from the schema tree (the overlay marks each expression
 * field with its environment, `x-platlint.cel`). The rules that compile expressions, the
 * language server's CEL hover and completion and the admission engine all find the fields here.
 */

/** In a CEL field's path: any list index, and any key of a map. */
export const ANY_INDEX = '*';
export const ANY_KEY = '{}';

/** A CEL field of a kind: its path (ANY_INDEX and ANY_KEY where values repeat), and its environment. */
export interface CelField {
  path: readonly string[];
  place: CelPlace;
}

/** An expression found in a value, at a CEL field. */
export interface CelExpressionAt {
  path: FieldPath;
  place: CelPlace;
  expression: string;
}

const fieldsByRoot = new WeakMap<SchemaNode, readonly CelField[]>();

/** Every CEL field below `root`, in the tree's field order. */
export function celFieldsOf(root: SchemaNode): readonly CelField[] {
  let fields = fieldsByRoot.get(root);
  if (!fields) {
    const found: CelField[] = [];
    // Only the nodes on the current branch are skipped: a type reached along two paths is
    // walked along both, and a type that contains itself is not walked forever.
    const onBranch = new Set<SchemaNode>();
    const walk = (node: SchemaNode, path: string[]): void => {
      const place = node['x-platlint']?.cel;
      if (place) found.push({ path, place });
      if (onBranch.has(node)) return;
      onBranch.add(node);
      for (const [name, child] of Object.entries(node.properties ?? {})) walk(child, [...path, name]);
      if (node.items) walk(node.items, [...path, ANY_INDEX]);
      if (node.additionalProperties) walk(node.additionalProperties, [...path, ANY_KEY]);
      onBranch.delete(node);
    };
    walk(root, []);
    fields = found;
    fieldsByRoot.set(root, fields);
  }
  return fields;
}

/** The environment of the CEL field at `path` below `root` (indices as numbers), if it is one. */
export function celPlaceAt(root: SchemaNode, path: FieldPath): CelPlace | undefined {
  return schemaAt(root, path)?.['x-platlint']?.cel;
}

/**
 * The string expressions a value holds at the CEL fields of its schema, in the order of the
 * value's own lists and keys. Entries of other types are the structural validator's to report.
 * The list is shared by every caller that asks about the same object (each rule of a policy
 * does): read it, never change it.
 */
export function celExpressionsIn(root: SchemaNode, value: unknown, at: FieldPath = []): readonly CelExpressionAt[] {
  if (at.length === 0 && value !== null && typeof value === 'object') return found.answer(value, root, expressionsOfObject);
  return expressionsBelow(root, value, at);
}

const found = new WalkMemo<readonly CelExpressionAt[]>();

function expressionsOfObject(value: object, root: SchemaNode): readonly CelExpressionAt[] {
  return expressionsBelow(root, value, []);
}

const NO_FIELDS: readonly CelField[] = [];

function expressionsBelow(root: SchemaNode, value: unknown, at: FieldPath): CelExpressionAt[] {
  const out: CelExpressionAt[] = [];
  // Called for every policy and configuration object by several rules: plain loops over the
  // value's own lists and keys, where entry pairs and filtered lists per key added up.
  const visit = (fields: readonly CelField[], depth: number, current: unknown, path: FieldPath): void => {
    let deeper = false;
    for (const field of fields) {
      if (field.path.length > depth) deeper = true;
      else if (typeof current === 'string') out.push({ path, place: field.place, expression: current });
    }
    if (!deeper) return;
    if (Array.isArray(current)) for (let i = 0; i < current.length; i++) visitChild(fields, depth, i, current[i], path);
    else if (isJsonObject(current)) for (const key in current) visitChild(fields, depth, key, current[key], path);
  };
  const visitChild = (fields: readonly CelField[], depth: number, key: string | number, child: unknown, path: FieldPath) => {
    const next = fieldsThrough(fields, depth, key);
    if (next.length > 0) visit(next, depth + 1, child, [...path, key]);
  };
  visit(celFieldsOf(root), 0, value, at);
  return out;
}

/** The fields whose path goes on through `key` (a list index or a mapping key) at `depth`. */
function fieldsThrough(fields: readonly CelField[], depth: number, key: string | number): readonly CelField[] {
  const wildcard = typeof key === 'number' ? ANY_INDEX : ANY_KEY;
  let through: CelField[] | undefined;
  for (const field of fields) {
    const segment = field.path[depth];
    if (segment !== undefined && (segment === wildcard || segment === key)) (through ??= []).push(field);
  }
  return through ?? NO_FIELDS;
}
