// Merging an apply configuration into the live object with structured-merge-diff rules, as
// the API server does for a mutating policy (mutating-admission.md §6): the configuration is
// first checked against the schema (undeclared fields, wrong shapes), then rejected if it
// sets any atomic struct, list or map, then merged: structs and granular maps key by key,
// `map` lists by their keys, `set` lists as a union, scalars replaced. Nothing is ever
// deleted. No field ownership is recorded, so a plain merge is the whole story.
import type { SchemaNode } from '@platlint/core';
import { clone, isObject, type Json, type JsonObject } from '../json.js';

export class ApplyConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ApplyConfigurationError';
  }
}

/** How a schema node merges; `schemaless` nodes merge maps and replace everything else. */
type Shape =
  | { kind: 'struct'; atomic: boolean; open: boolean }
  | { kind: 'map'; atomic: boolean }
  | { kind: 'list'; listType: 'atomic' | 'set' | 'map'; keys: readonly string[] }
  | { kind: 'scalar'; accepts: 'string' | 'number' | 'integer' | 'boolean' | 'int-or-string' | 'any' }
  | { kind: 'schemaless' };

function shapeOf(node: SchemaNode | undefined): Shape {
  if (!node) return { kind: 'schemaless' };
  if (node['x-kubernetes-int-or-string']) return { kind: 'scalar', accepts: 'int-or-string' };
  const atomicMap = node['x-kubernetes-map-type'] === 'atomic';
  switch (node.type) {
    case 'object': {
      if (node.properties && Object.keys(node.properties).length > 0) {
        return { kind: 'struct', atomic: atomicMap, open: node['x-kubernetes-preserve-unknown-fields'] === true };
      }
      if (isObject(node.additionalProperties as unknown)) return { kind: 'map', atomic: atomicMap };
      return { kind: 'schemaless' };
    }
    case 'array':
      // Lists without a list type are atomic, both for native kinds and for CRDs.
      return { kind: 'list', listType: node['x-kubernetes-list-type'] ?? 'atomic', keys: node['x-kubernetes-list-map-keys'] ?? [] };
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
      return { kind: 'scalar', accepts: node.type };
    default:
      // A quantity (no type, format quantity) or any other untyped leaf.
      if (node.properties) return { kind: 'struct', atomic: atomicMap, open: node['x-kubernetes-preserve-unknown-fields'] === true };
      return node.format === 'quantity' ? { kind: 'scalar', accepts: 'int-or-string' } : { kind: 'schemaless' };
  }
}

function fieldSchema(node: SchemaNode | undefined, key: string): SchemaNode | undefined {
  const shape = shapeOf(node);
  if (shape.kind === 'struct') return node?.properties?.[key];
  if (shape.kind === 'map') return node?.additionalProperties;
  return undefined;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'object') return 'map';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  return typeof value;
}

type Path = readonly (string | number)[];

function pathString(path: Path): string {
  return path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('');
}

/**
 * Merges `config` into `live` and returns the result (neither input changes). `schema` is the
 * kind's root schema; without one, the merge is schema-less: maps merge, lists and scalars
 * are replaced, and nothing is rejected.
 */
export function mergeApplyConfiguration(live: Json | undefined, config: JsonObject, schema: SchemaNode | undefined): Json {
  if (schema) {
    const problems: string[] = [];
    checkTypes(config, schema, [], problems);
    if (problems.length > 0) throw new ApplyConfigurationError(`failed to convert patch object to typed object: ${problems.join(', ')}`);
    const atomics: string[] = [];
    findAtomics(config, schema, [], atomics);
    if (atomics.length > 0) throw new ApplyConfigurationError(`invalid ApplyConfiguration: may not mutate atomic arrays, maps or structs: ${atomics.join(', ')}`);
  }
  return merge(live, config, schema, []);
}

// The typed conversion the API server makes first: every field must be declared (unless
// the schema keeps unknown fields) and every value must have the declared shape.
function checkTypes(value: Json, node: SchemaNode | undefined, path: Path, problems: string[]): void {
  if (value === null) return;
  const shape = shapeOf(node);
  switch (shape.kind) {
    case 'schemaless':
      return;
    case 'struct':
    case 'map':
      if (!isObject(value)) {
        problems.push(`${pathString(path)}: expected map, got ${describe(value)}`);
        return;
      }
      for (const [key, child] of Object.entries(value)) {
        const sub = fieldSchema(node, key);
        if (shape.kind === 'struct' && !sub) {
          if (!shape.open) problems.push(`${pathString([...path, key])}: field not declared in schema`);
          continue;
        }
        checkTypes(child, sub, [...path, key], problems);
      }
      return;
    case 'list':
      if (!Array.isArray(value)) {
        problems.push(`${pathString(path)}: expected list, got ${describe(value)}`);
        return;
      }
      value.forEach((item, i) => checkTypes(item, node?.items, [...path, i], problems));
      return;
    case 'scalar': {
      const ok =
        shape.accepts === 'any' ||
        (shape.accepts === 'string' && typeof value === 'string') ||
        (shape.accepts === 'boolean' && typeof value === 'boolean') ||
        (shape.accepts === 'number' && typeof value === 'number') ||
        (shape.accepts === 'integer' && typeof value === 'number' && Number.isInteger(value)) ||
        (shape.accepts === 'int-or-string' && (typeof value === 'string' || typeof value === 'number'));
      if (!ok) problems.push(`${pathString(path)}: expected ${shape.accepts}, got ${describe(value)}`);
      return;
    }
  }
}

// Every atomic struct, map or list the configuration sets, by path. Like upstream, struct
// fields are followed (even below an atomic struct) and list items too, but not the values
// of a map: they have no fields of their own.
function findAtomics(value: Json, node: SchemaNode | undefined, path: Path, out: string[]): void {
  const shape = shapeOf(node);
  if (isObject(value) && (shape.kind === 'struct' || shape.kind === 'map')) {
    if (shape.atomic) out.push(pathString(path));
    if (shape.kind === 'struct') {
      for (const [key, child] of Object.entries(value)) {
        const sub = node?.properties?.[key];
        if (sub) findAtomics(child, sub, [...path, key], out);
      }
    }
    return;
  }
  if (Array.isArray(value) && shape.kind === 'list') {
    if (shape.listType === 'atomic') out.push(pathString(path));
    value.forEach((item, i) => findAtomics(item, node?.items, [...path, i], out));
  }
}

function merge(live: Json | undefined, config: Json | undefined, node: SchemaNode | undefined, path: Path): Json {
  // Nulls in a configuration are not a way to delete; they leave the live value alone.
  if (config === undefined || config === null) return live === undefined ? null : clone(live);
  const shape = shapeOf(node);
  switch (shape.kind) {
    case 'struct':
    case 'map':
      if (shape.atomic || !isObject(config)) return clone(config);
      return mergeMaps(isObject(live) ? live : undefined, config, (key) => fieldSchema(node, key), path);
    case 'schemaless':
      if (!isObject(config)) return clone(config);
      return mergeMaps(isObject(live) ? live : undefined, config, () => undefined, path);
    case 'list':
      if (!Array.isArray(config) || shape.listType === 'atomic') return clone(config);
      return mergeLists(Array.isArray(live) ? live : [], config, node?.items, shape, path);
    case 'scalar':
      return clone(config);
  }
}

function mergeMaps(live: JsonObject | undefined, config: JsonObject, child: (key: string) => SchemaNode | undefined, path: Path): JsonObject {
  const out: JsonObject = live ? { ...live } : {};
  for (const [key, value] of Object.entries(config)) {
    if (value === null) continue;
    out[key] = merge(live?.[key], value, child(key), [...path, key]);
  }
  return out;
}

/** The identity of a list item: its key fields for `map` lists, its value for `set` lists. */
function itemKey(item: Json, itemSchema: SchemaNode | undefined, shape: Extract<Shape, { kind: 'list' }>, path: Path): string {
  if (shape.listType === 'set') return JSON.stringify(item);
  if (!isObject(item)) throw new ApplyConfigurationError(`${pathString(path)}: associative list with keys has an element that is not a map`);
  const values = shape.keys.map((key) => {
    let v = item[key];
    if (v === undefined || v === null) {
      // A key field left out takes its default (a port's protocol is TCP).
      const dflt = itemSchema?.properties?.[key]?.default as Json | undefined;
      if (dflt === undefined) throw new ApplyConfigurationError(`${pathString(path)}: associative list with keys has an element that omits key field "${key}" (and doesn't have default value)`);
      v = dflt;
    }
    return v;
  });
  return JSON.stringify(values);
}

function describeKey(shape: Extract<Shape, { kind: 'list' }>, key: string): string {
  if (shape.listType === 'set') return `[=${key}]`;
  const values = JSON.parse(key) as Json[];
  return `[${shape.keys.map((k, i) => `${k}=${JSON.stringify(values[i])}`).join(',')}]`;
}

interface Indexed {
  keys: string[];
  /** First item of each key; null marks a key that occurs more than once. */
  observed: Map<string, Json | null>;
}

function index(items: readonly Json[], itemSchema: SchemaNode | undefined, shape: Extract<Shape, { kind: 'list' }>, path: Path, allowDuplicates: boolean): Indexed {
  const keys: string[] = [];
  const observed = new Map<string, Json | null>();
  items.forEach((item, i) => {
    const key = itemKey(item, itemSchema, shape, [...path, i]);
    if (observed.has(key)) {
      if (!allowDuplicates) throw new ApplyConfigurationError(`${pathString(path)}: duplicate entries for key ${describeKey(shape, key)}`);
      observed.set(key, null);
    } else {
      observed.set(key, item);
    }
    keys.push(key);
  });
  return { keys, observed };
}

/**
 * The associative list merge of structured-merge-diff: live items keep their places, items
 * only in the configuration are placed relative to the items both share (pure additions go
 * last), shared items merge recursively. Live duplicates are kept unless the configuration
 * names their key; then they collapse into one item built from the configuration.
 */
function mergeLists(live: readonly Json[], config: readonly Json[], itemSchema: SchemaNode | undefined, shape: Extract<Shape, { kind: 'list' }>, path: Path): Json[] {
  const rhs = index(config, itemSchema, shape, path, false);
  const lhs = index(live, itemSchema, shape, path, true);
  const shared = rhs.keys.filter((k) => lhs.observed.has(k));
  let nextShared = shared.shift();
  const merged = new Set<string>();
  const out: Json[] = [];
  // `l` is null for a live key that occurs more than once: the item is built from `r` alone.
  const mergeItem = (l: Json | null | undefined, r: Json | undefined) => {
    const at = out.length;
    out.push(r === undefined ? clone(l ?? null) : shape.listType === 'set' ? clone(r) : merge(l ?? undefined, r, itemSchema, [...path, at]));
  };
  let li = 0;
  let ri = 0;
  while (li < lhs.keys.length || ri < rhs.keys.length) {
    if (li < lhs.keys.length && ri < rhs.keys.length) {
      const key = lhs.keys[li] as string;
      if (key === rhs.keys[ri]) {
        merged.add(key);
        mergeItem(lhs.observed.get(key), rhs.observed.get(key) ?? undefined);
        li++;
        ri++;
        nextShared = shared.shift();
        continue;
      }
      // A shared item that is not the next one the configuration wants: it comes later.
      if (rhs.observed.has(key) && nextShared !== undefined && nextShared !== key) {
        li++;
        continue;
      }
    }
    if (li < lhs.keys.length) {
      const key = lhs.keys[li] as string;
      if (!rhs.observed.has(key)) {
        // Read by position: a duplicated key has no single observed item.
        mergeItem(live[li] as Json, undefined);
        li++;
        continue;
      }
      if (merged.has(key)) {
        li++;
        continue;
      }
    }
    if (ri < rhs.keys.length) {
      const key = rhs.keys[ri] as string;
      merged.add(key);
      mergeItem(lhs.observed.get(key), rhs.observed.get(key) ?? undefined);
      ri++;
      if (nextShared === key) nextShared = shared.shift();
    }
  }
  return out;
}
