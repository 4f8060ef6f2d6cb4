// Merging an apply configuration into the live object with structured-merge-diff rules, as
// the API server does for a mutating policy (upstream mutating/patch/smd.go,
// ApplyStructuredMergeDiff): the configuration is
// first checked against the schema (undeclared fields, wrong shapes), then rejected if it
// sets any atomic struct, list or map, then merged: structs and granular maps key by key,
// `map` lists by their keys, `set` lists as a union, scalars replaced. Nothing is ever
// deleted. No field ownership is recorded, so a plain merge is the whole story.
import { getOwn, setOwn, type SchemaNode } from '@platlint/core';
import { clone, isObject, shallowCopy, type Json, type JsonObject } from '../json.js';

export class ApplyConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ApplyConfigurationError';
  }
}

/**
 * How a schema node merges. `untyped` nodes (a field an open struct keeps without declaring
 * it, an object with neither properties nor values) merge maps and replace everything else.
 */
type Shape =
  | { kind: 'struct'; atomic: boolean; open: boolean }
  | { kind: 'map'; atomic: boolean }
  | { kind: 'list'; listType: 'atomic' | 'set' | 'map'; keys: readonly string[] }
  | { kind: 'scalar'; accepts: 'string' | 'number' | 'integer' | 'boolean' | 'int-or-string' | 'any' }
  | { kind: 'untyped' };

const UNTYPED: Shape = { kind: 'untyped' };
// A shape per schema node: the catalog's nodes are shared and live for the process, and the
// merge asks for the same ones on every request.
const shapes = new WeakMap<SchemaNode, Shape>();

function shapeOf(node: SchemaNode | undefined): Shape {
  if (!node) return UNTYPED;
  let shape = shapes.get(node);
  if (!shape) shapes.set(node, (shape = computeShape(node)));
  return shape;
}

function computeShape(node: SchemaNode): Shape {
  if (node['x-kubernetes-int-or-string']) return { kind: 'scalar', accepts: 'int-or-string' };
  const atomicMap = node['x-kubernetes-map-type'] === 'atomic';
  switch (node.type) {
    case 'object': {
      if (node.properties && Object.keys(node.properties).length > 0) {
        return { kind: 'struct', atomic: atomicMap, open: node['x-kubernetes-preserve-unknown-fields'] === true };
      }
      if (isObject(node.additionalProperties as unknown)) return { kind: 'map', atomic: atomicMap };
      return { kind: 'untyped' };
    }
    case 'array':
      // Lists without a list type are atomic, both for native kinds and for CRDs.
      return {
        kind: 'list',
        listType: node['x-kubernetes-list-type'] ?? 'atomic',
        keys: node['x-kubernetes-list-map-keys'] ?? [],
      };
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
      return { kind: 'scalar', accepts: node.type };
    default:
      // A quantity (no type, format quantity) or any other untyped leaf.
      if (node.properties)
        return { kind: 'struct', atomic: atomicMap, open: node['x-kubernetes-preserve-unknown-fields'] === true };
      return node.format === 'quantity' ? { kind: 'scalar', accepts: 'int-or-string' } : { kind: 'untyped' };
  }
}

function fieldSchema(node: SchemaNode | undefined, key: string): SchemaNode | undefined {
  const shape = shapeOf(node);
  if (shape.kind === 'struct') return node?.properties ? (getOwn(node.properties, key) as SchemaNode | undefined) : undefined;
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

// A path as a chain of steps up to the root: extending it allocates one small object, where
// copying an array per level showed in profiles. Spelled out only for messages.
type Path = { readonly up: Path; readonly key: string | number } | undefined;

function step(path: Path, key: string | number): Path {
  return { up: path, key };
}

// A string step that starts with "[" is an item named by its key (`[name="a"]`), written as is.
function pathString(path: Path): string {
  let out = '';
  for (let p = path; p !== undefined; p = p.up)
    out = (typeof p.key === 'number' ? `[${p.key}]` : p.key.startsWith('[') ? p.key : `.${p.key}`) + out;
  return out;
}

/**
 * Merges `config` into `live` and returns the result (neither input changes). `schema` is the
 * kind's root schema, a built-in kind's or a CRD version's: there is no merge without one
 * (the engine refuses a mutation of a kind it has no schema for).
 */
export function mergeApplyConfiguration(
  live: Json | undefined,
  config: JsonObject,
  schema: SchemaNode,
  constantBase?: JsonObject,
): Json {
  const passed = constantBase && rememberable(config) ? passedChecks(constantBase, schema) : undefined;
  if (!(passed && hasPassed(passed, config))) {
    const problems: string[] = [];
    checkTypes(config, schema, undefined, problems);
    if (problems.length > 0)
      throw new ApplyConfigurationError(`failed to convert patch object to typed object: ${problems.join(', ')}`);
    const atomics: string[] = [];
    findAtomics(config, schema, undefined, atomics);
    if (atomics.length > 0)
      throw new ApplyConfigurationError(
        `invalid ApplyConfiguration: may not mutate atomic arrays, maps or structs: ${atomics.join(', ')}`,
      );
    if (passed) {
      // Both come from requests: a bound, though a state normally sees a handful.
      if (passed.length >= 64) passed.length = 0;
      passed.push({ apiVersion: config.apiVersion, kind: config.kind });
    }
  }
  return merge(live, config, schema, undefined);
}

/**
 * A constant mutation's configuration is the same frozen value every time, with the object's
 * apiVersion and kind set on a copy (`constantBase` is that value): once it has passed the
 * checks against a schema with the same apiVersion and kind, it passes them again, so they
 * are remembered rather than repeated. Failures are not remembered (they throw anyway).
 * The pairs that passed are few and compared in place: no key is built per request.
 */
type PassedPairs = { apiVersion: Json | undefined; kind: Json | undefined }[];
const checkedConstants = new WeakMap<JsonObject, WeakMap<SchemaNode, PassedPairs>>();

/** Other values of apiVersion and kind are rare enough (and wrong enough) to be checked every time. */
function rememberable(config: JsonObject): boolean {
  const { apiVersion, kind } = config;
  return (apiVersion === undefined || typeof apiVersion === 'string') && (kind === undefined || typeof kind === 'string');
}

function passedChecks(base: JsonObject, schema: SchemaNode): PassedPairs {
  let bySchema = checkedConstants.get(base);
  if (!bySchema) checkedConstants.set(base, (bySchema = new WeakMap()));
  let pairs = bySchema.get(schema);
  if (!pairs) bySchema.set(schema, (pairs = []));
  return pairs;
}

function hasPassed(pairs: PassedPairs, config: JsonObject): boolean {
  for (const p of pairs) if (p.apiVersion === config.apiVersion && p.kind === config.kind) return true;
  return false;
}

// The typed conversion the API server makes first: every field must be declared (unless
// the schema keeps unknown fields) and every value must have the declared shape.
function checkTypes(value: Json, node: SchemaNode | undefined, path: Path, problems: string[]): void {
  if (value === null) return;
  const shape = shapeOf(node);
  switch (shape.kind) {
    case 'untyped':
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
          if (!shape.open) problems.push(`${pathString(step(path, key))}: field not declared in schema`);
          continue;
        }
        checkTypes(child, sub, step(path, key), problems);
      }
      return;
    case 'list':
      if (!Array.isArray(value)) {
        problems.push(`${pathString(path)}: expected list, got ${describe(value)}`);
        return;
      }
      value.forEach((item, i) => checkTypes(item, node?.items, step(path, i), problems));
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
        const sub = fieldSchema(node, key);
        if (sub) findAtomics(child, sub, step(path, key), out);
      }
    }
    return;
  }
  if (Array.isArray(value) && shape.kind === 'list') {
    if (shape.listType === 'atomic') out.push(pathString(path));
    value.forEach((item, i) => findAtomics(item, node?.items, step(path, itemStep(item, node?.items, shape, path, i)), out));
  }
}

// Upstream names an item of a keyed list by its key (`containers[name="a"]`, `finalizers[="x"]`),
// and by its index only in an atomic list or where the key cannot be read.
function itemStep(
  item: Json,
  itemSchema: SchemaNode | undefined,
  shape: Extract<Shape, { kind: 'list' }>,
  path: Path,
  i: number,
): string | number {
  if (shape.listType === 'atomic') return i;
  try {
    return describeKey(shape, itemKey(item, itemSchema, shape, path, i));
  } catch (e) {
    if (e instanceof ApplyConfigurationError) return i;
    throw e;
  }
}

// The result shares every live subtree the configuration does not touch (copy on write):
// no object is ever changed in place, so sharing is safe, and it spares copying a 4 KB
// container for a one-field change.
function merge(live: Json | undefined, config: Json | undefined, node: SchemaNode | undefined, path: Path): Json {
  // Nulls in a configuration are not a way to delete; they leave the live value alone.
  if (config === undefined || config === null) return live === undefined ? null : live;
  const shape = shapeOf(node);
  switch (shape.kind) {
    case 'struct':
    case 'map':
      if (shape.atomic || !isObject(config)) return clone(config);
      return mergeMaps(
        isObject(live) ? live : undefined,
        config,
        shape.kind === 'struct' ? node?.properties : undefined,
        shape.kind === 'map' ? node?.additionalProperties : undefined,
        path,
      );
    case 'untyped':
      if (!isObject(config)) return clone(config);
      return mergeMaps(isObject(live) ? live : undefined, config, undefined, undefined, path);
    case 'list':
      if (!Array.isArray(config) || shape.listType === 'atomic') return clone(config);
      return mergeLists(Array.isArray(live) ? live : [], config, node?.items, shape, path);
    case 'scalar':
      return clone(config);
  }
}

/** A struct's fields take their schema from `properties`, a map's values from `values`. */
function mergeMaps(
  live: JsonObject | undefined,
  config: JsonObject,
  properties: Record<string, SchemaNode> | undefined,
  values: SchemaNode | undefined,
  path: Path,
): JsonObject {
  const out: JsonObject = live ? shallowCopy(live) : {};
  // for-in: no copy of the key list (JSON objects inherit nothing enumerable).
  for (const key in config) {
    const value = config[key] as Json;
    if (value === null) continue;
    setOwn(
      out,
      key,
      merge(
        live ? (getOwn(live, key) as Json | undefined) : undefined,
        value,
        properties ? (getOwn(properties, key) as SchemaNode | undefined) : values,
        step(path, key),
      ),
    );
  }
  return out;
}

/**
 * The identity of a list item: its key fields for `map` lists, its value for `set` lists.
 * A `map` list's key is the JSON text of its key values' list (`["a",80]`), written out
 * without building the list. `path` and `i` locate the item, for messages only.
 */
function itemKey(
  item: Json,
  itemSchema: SchemaNode | undefined,
  shape: Extract<Shape, { kind: 'list' }>,
  path: Path,
  i: number,
): string {
  if (shape.listType === 'set') return JSON.stringify(item);
  if (!isObject(item))
    throw new ApplyConfigurationError(
      `${pathString(step(path, i))}: associative list with keys has an element that is not a map`,
    );
  let key = '[';
  for (let k = 0; k < shape.keys.length; k++) {
    const field = shape.keys[k] as string;
    let v = item[field];
    if (v === undefined || v === null) {
      // A key field left out takes its default (a port's protocol is TCP).
      const dflt = itemSchema?.properties?.[field]?.default as Json | undefined;
      if (dflt === undefined)
        throw new ApplyConfigurationError(
          `${pathString(step(path, i))}: associative list with keys has an element that omits key field "${field}" (and doesn't have default value)`,
        );
      v = dflt;
    }
    key += k === 0 ? JSON.stringify(v) : `,${JSON.stringify(v)}`;
  }
  return `${key}]`;
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

function index(
  items: readonly Json[],
  itemSchema: SchemaNode | undefined,
  shape: Extract<Shape, { kind: 'list' }>,
  path: Path,
  allowDuplicates: boolean,
): Indexed {
  const keys: string[] = [];
  const observed = new Map<string, Json | null>();
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as Json;
    const key = itemKey(item, itemSchema, shape, path, i);
    if (observed.has(key)) {
      if (!allowDuplicates)
        throw new ApplyConfigurationError(`${pathString(path)}: duplicate entries for key ${describeKey(shape, key)}`);
      observed.set(key, null);
    } else {
      observed.set(key, item);
    }
    keys.push(key);
  }
  return { keys, observed };
}

/**
 * The associative list merge of structured-merge-diff: live items keep their places, items
 * only in the configuration are placed relative to the items both share (pure additions go
 * last), shared items merge recursively. Live duplicates are kept unless the configuration
 * names their key; then they collapse into one item built from the configuration.
 */
function mergeLists(
  live: readonly Json[],
  config: readonly Json[],
  itemSchema: SchemaNode | undefined,
  shape: Extract<Shape, { kind: 'list' }>,
  path: Path,
): Json[] {
  const rhs = index(config, itemSchema, shape, path, false);
  const lhs = index(live, itemSchema, shape, path, true);
  const shared = rhs.keys.filter((k) => lhs.observed.has(k));
  let sharedAt = 0;
  let nextShared = shared[sharedAt];
  const merged = new Set<string>();
  const out: Json[] = [];
  let li = 0;
  let ri = 0;
  while (li < lhs.keys.length || ri < rhs.keys.length) {
    if (li < lhs.keys.length && ri < rhs.keys.length) {
      const key = lhs.keys[li] as string;
      if (key === rhs.keys[ri]) {
        merged.add(key);
        mergeItem(out, lhs.observed.get(key), rhs.observed.get(key) ?? undefined, itemSchema, shape, path);
        li++;
        ri++;
        nextShared = shared[++sharedAt];
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
        mergeItem(out, live[li] as Json, undefined, itemSchema, shape, path);
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
      mergeItem(out, lhs.observed.get(key), rhs.observed.get(key) ?? undefined, itemSchema, shape, path);
      ri++;
      if (nextShared === key) nextShared = shared[++sharedAt];
    }
  }
  return out;
}

/** Appends the merged item; `l` is null for a live key that occurs more than once: the item is then built from `r` alone. */
function mergeItem(
  out: Json[],
  l: Json | null | undefined,
  r: Json | undefined,
  itemSchema: SchemaNode | undefined,
  shape: Extract<Shape, { kind: 'list' }>,
  path: Path,
): void {
  const at = out.length;
  out.push(
    r === undefined ? (l ?? null) : shape.listType === 'set' ? clone(r) : merge(l ?? undefined, r, itemSchema, step(path, at)),
  );
}
