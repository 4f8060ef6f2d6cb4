// Conversion between JSON documents and CEL values. JSON numbers carry no int/double
// distinction, so the schema decides: `integer` becomes CEL int (bigint), `number` stays
// double. Objects typed by a schema become lazily converted wrappers so an evaluation
// only pays for the fields it reads.
import { Optional, EvaluationError } from '@marcbachmann/cel-js';
import { Duration, UnsignedInt } from '@marcbachmann/cel-js/evaluator';
import { getOwn, setOwn } from '@platlint/core';
import { constructionNameOf } from './construction-names.js';
import { mapValueSchema, shapeOf, type StructuralSchema } from './schema.js';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

// Base class of the wrappers for schema-typed objects read from admission requests.
export abstract class SchemaObject extends Map<string, unknown> {
  abstract readonly schema: StructuralSchema;
  constructor(readonly raw: Record<string, unknown>) {
    super();
  }

  override get(key: string): unknown {
    // One lookup for fields already read; absent fields are cached as undefined.
    const cached = super.get(key);
    if (cached !== undefined || super.has(key)) return cached;
    // Own properties only: `constructor` or `__proto__` must not find Object.prototype's.
    const fieldSchema = this.schema.properties
      ? (getOwn(this.schema.properties, key) as StructuralSchema | undefined)
      : undefined;
    if (!fieldSchema) return undefined;
    const rawValue = getOwn(this.raw, key);
    const value = rawValue === undefined || rawValue === null ? undefined : toCel(rawValue, fieldSchema);
    super.set(key, value);
    return value;
  }

  override has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  override *[Symbol.iterator](): MapIterator<[string, unknown]> {
    for (const key of Object.keys(this.schema.properties ?? {})) {
      const v = this.get(key);
      if (v !== undefined) yield [key, v];
    }
  }

  override entries(): MapIterator<[string, unknown]> {
    return this[Symbol.iterator]();
  }

  override *keys(): MapIterator<string> {
    for (const [k] of this) yield k;
  }

  override get size(): number {
    let n = 0;
    for (const _ of this) n++;
    return n;
  }
}

const wrapperClasses = new WeakMap<StructuralSchema, new (raw: Record<string, unknown>) => SchemaObject>();

// One class per schema node, so the type checker's message type and the runtime value
// agree (the base library maps constructors to registered types).
export function wrapperClassFor(schema: StructuralSchema): new (raw: Record<string, unknown>) => SchemaObject {
  let cls = wrapperClasses.get(schema);
  if (!cls) {
    cls = class extends SchemaObject {
      get schema(): StructuralSchema {
        return schema;
      }
    };
    wrapperClasses.set(schema, cls);
  }
  return cls;
}

// A schema-typed variable may be null (`oldObject` on CREATE, `object` on DELETE, `params`
// without a paramRef, `namespaceObject` for cluster-scoped objects), but the base library
// checks a variable's value against its declared message type at run time and rejects
// null. Such a variable is bound to a stand-in of the declared wrapper class instead: it
// passes that check, compares equal to null, converts back to null, and any field read
// on it fails as a read on null does.
const nullObjects = new WeakMap<StructuralSchema, SchemaObject>();
const nullStandIns = new WeakSet<object>();

export function nullObjectFor(schema: StructuralSchema): SchemaObject {
  let stand = nullObjects.get(schema);
  if (!stand) {
    stand = new (wrapperClassFor(schema))({});
    Object.defineProperty(stand, 'get', {
      value: (key: string): never => {
        throw new EvaluationError(`no such key "${key}": the value is null`);
      },
    });
    nullStandIns.add(stand);
    nullObjects.set(schema, stand);
  }
  return stand;
}

/** Whether a CEL value is null, including the stand-in of a null schema-typed variable. */
export function isCelNull(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'object' && nullStandIns.has(value));
}

// The base library tells a map from a message by the value's `constructor`, so a plain
// object holding a key `constructor` is taken for an unknown message type, and assigning
// `__proto__` changes the prototype instead of adding a key. It drops these three keys
// from map literals for that reason. A map that holds one of them is a Map instead: the
// base library reads, sizes, compares and iterates Maps as maps.
const PROTOTYPE_KEYS: ReadonlySet<unknown> = new Set(['__proto__', 'constructor', 'prototype']);

function holdsPrototypeKey(value: object): boolean {
  return Object.hasOwn(value, '__proto__') || Object.hasOwn(value, 'constructor') || Object.hasOwn(value, 'prototype');
}

/** A CEL map of a JSON object's members, each value converted by `convert`. */
function objectToCel(
  value: Record<string, unknown>,
  convert: (v: unknown) => unknown,
): Record<string, unknown> | Map<string, unknown> {
  const keys = Object.keys(value);
  if (holdsPrototypeKey(value)) return new Map(keys.map((k) => [k, convert(value[k])]));
  const out: Record<string, unknown> = {};
  for (const k of keys) out[k] = convert(value[k]);
  return out;
}

/**
 * The CEL map of evaluated literal entries. Like the base library, keys of a plain object
 * are their string form and a repeated key keeps its last value; a map holding a key named
 * like an Object.prototype member is a Map (see above).
 */
export function celMapFromEntries(
  entries: readonly (readonly [unknown, unknown])[],
): Record<string, unknown> | Map<unknown, unknown> {
  if (entries.some(([k]) => PROTOTYPE_KEYS.has(k))) return new Map(entries);
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries) out[String(k)] = v;
  if (entries.some(([k]) => typeof k !== 'string')) writtenKeys.set(out, new Map(entries.map(([k]) => [String(k), k])));
  return out;
}

// The keys a map literal was written with, for records whose keys were not all strings (a
// record holds their string form): `string.format` prints the key 1 as 1 and "1" as "1".
const writtenKeys = new WeakMap<object, ReadonlyMap<string, unknown>>();

/** The key of a record-held CEL map as its literal wrote it (1, 2u, true), else the string. */
export function writtenKey(map: object, key: string): unknown {
  const written = writtenKeys.get(map);
  return written && written.has(key) ? written.get(key) : key;
}

function dynToCel(value: unknown): unknown {
  if (typeof value === 'number') return Number.isInteger(value) && Number.isSafeInteger(value) ? BigInt(value) : value;
  if (Array.isArray(value)) return value.map(dynToCel);
  // By prototype, not by `constructor`, which an own key of that name would hide.
  if (value !== null && typeof value === 'object') {
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto === Object.prototype || proto === null) return objectToCel(value as Record<string, unknown>, dynToCel);
  }
  return value;
}

/**
 * A JSON object as a CEL map whose members are converted when first read, as `dynToCel`
 * converts them, and kept. An admission request's object is a few KB that an expression
 * mostly reads a path or two of; converting all of it for every expression that names it
 * showed in the webhook's profiles. The base library takes any value whose `constructor`
 * is Map for a map and reads it through get/has/size and iteration, which are the methods
 * overridden here; keys go through `get`, so `__proto__` or `constructor` members are data.
 * The JSON must not change while the map is in use (the admission engine never changes an
 * object in place).
 */
class LazyJsonMap extends Map<string, unknown> {
  #keys: string[] | undefined;

  constructor(readonly json: Record<string, unknown>) {
    super();
  }

  // A plain-object map finds `m[1]` under "1" (the base library's own-property lookup
  // turns the key into a string); converting eagerly gave a plain object, so this does too.
  override get(key: unknown): unknown {
    const name = typeof key === 'string' ? key : String(key);
    const cached = super.get(name);
    if (cached !== undefined || !Object.hasOwn(this.json, name)) return cached;
    const value = lazyToCel(this.json[name]);
    super.set(name, value);
    return value;
  }

  override has(key: unknown): boolean {
    return Object.hasOwn(this.json, typeof key === 'string' ? key : String(key));
  }

  override get size(): number {
    return this.#names().length;
  }

  override *[Symbol.iterator](): MapIterator<[string, unknown]> {
    for (const name of this.#names()) yield [name, this.get(name)];
  }

  override entries(): MapIterator<[string, unknown]> {
    return this[Symbol.iterator]();
  }

  override *keys(): MapIterator<string> {
    yield* this.#names();
  }

  override *values(): MapIterator<unknown> {
    for (const name of this.#names()) yield this.get(name);
  }

  override forEach(callback: (value: unknown, key: string, map: Map<string, unknown>) => void, thisArg?: unknown): void {
    for (const [name, value] of this) callback.call(thisArg, value, name, this);
  }

  #names(): string[] {
    return (this.#keys ??= Object.keys(this.json));
  }
}
// The base library's type dispatch reads `constructor`: this is a map to it.
Object.defineProperty(LazyJsonMap.prototype, 'constructor', { value: Map });

/**
 * A JSON value as CEL, as `toCel` without a schema gives it, but with objects converted
 * member by member as an expression reads them (see LazyJsonMap).
 */
export function lazyToCel(value: unknown): unknown {
  if (typeof value === 'number') return Number.isInteger(value) && Number.isSafeInteger(value) ? BigInt(value) : value;
  if (Array.isArray(value)) return value.map(lazyToCel);
  if (value !== null && typeof value === 'object') {
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto === Object.prototype || proto === null) return new LazyJsonMap(value as Record<string, unknown>);
  }
  return value;
}

function parseTimestamp(s: string): unknown {
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? s : d;
}

/** Convert a JSON value to its CEL representation, typed by an optional structural schema. */
export function toCel(input: unknown, schema?: StructuralSchema): unknown {
  if (input === null || input === undefined) return null;
  // Already converted lazily: without a schema it stays as it is, with one it is converted from its JSON.
  if (input instanceof LazyJsonMap && schema === undefined) return input;
  const value = input instanceof LazyJsonMap ? input.json : input;
  switch (shapeOf(schema)) {
    case 'struct':
      if (typeof value === 'object' && !Array.isArray(value)) {
        if (value instanceof SchemaObject) return value;
        return new (wrapperClassFor(schema as StructuralSchema))(value as Record<string, unknown>);
      }
      return dynToCel(value);
    case 'map': {
      if (typeof value !== 'object' || Array.isArray(value)) return dynToCel(value);
      const vs = mapValueSchema(schema as StructuralSchema);
      return objectToCel(value as Record<string, unknown>, (v) => toCel(v, vs));
    }
    case 'list':
      return Array.isArray(value) ? value.map((v) => toCel(v, (schema as StructuralSchema).items)) : dynToCel(value);
    case 'int':
      return typeof value === 'number' && Number.isInteger(value) ? BigInt(value) : value;
    case 'double':
      return value;
    case 'int-or-string':
      return typeof value === 'number' && Number.isInteger(value) ? BigInt(value) : value;
    case 'quantity':
      return typeof value === 'number' ? String(value) : value;
    case 'string':
      return schema?.format === 'date-time' && typeof value === 'string' ? parseTimestamp(value) : value;
    default:
      return dynToCel(value);
  }
}

function bytesToBase64(b: Uint8Array): string {
  return Buffer.from(b).toString('base64');
}

/** Convert a CEL value to JSON: ints become numbers, wrappers and maps become objects. */
export function fromCel(value: unknown): Json | undefined {
  switch (typeof value) {
    case 'bigint':
      return Number(value);
    case 'number':
      if (!Number.isFinite(value)) throw new EvaluationError(`cannot represent ${value} in JSON`);
      return value;
    case 'string':
    case 'boolean':
      return value;
    case 'undefined':
      return undefined;
    case 'object':
      break;
    default:
      throw new EvaluationError(`cannot convert ${typeof value} to JSON`);
  }
  if (value === null) return null;
  if (Array.isArray(value)) {
    const out: Json[] = [];
    for (const v of value) {
      const j = fromCel(v);
      if (j !== undefined) out.push(j);
    }
    return out;
  }
  // Maps (constructed objects among them) and plain objects are the common values; they are
  // read in place, without an entries array per object.
  if (value instanceof Map) {
    if (nullStandIns.has(value)) return null;
    const out: Record<string, Json> = {};
    for (const [k, v] of value as Map<unknown, unknown>) {
      const j = fromCel(v);
      if (j !== undefined) setOwn(out, String(k), j);
    }
    return out;
  }
  if (value instanceof Set) return fromCel([...value]);
  if (value instanceof UnsignedInt) return Number(value.valueOf());
  if (value instanceof Optional) return value.hasValue() ? fromCel(value.value()) : undefined;
  if (value instanceof Date) return value.toISOString().replace('.000Z', 'Z');
  if (value instanceof Duration) return value.toString();
  if (value instanceof Uint8Array) return bytesToBase64(value);
  const out: Record<string, Json> = {};
  const members = value as Record<string, unknown>;
  for (const k of Object.keys(members)) {
    const j = fromCel(getOwn(members, k));
    if (j !== undefined) setOwn(out, k, j);
  }
  return out;
}

/** The CEL type name of a runtime value, for dispatch and messages. */
export function celTypeOf(v: unknown): string {
  switch (typeof v) {
    case 'bigint':
      return 'int';
    case 'number':
      return 'double';
    case 'string':
      return 'string';
    case 'boolean':
      return 'bool';
    case 'object':
      if (v === null || nullStandIns.has(v)) return 'null';
      if (Array.isArray(v) || v instanceof Set) return 'list';
      if (v instanceof UnsignedInt) return 'uint';
      if (v instanceof Uint8Array) return 'bytes';
      if (v instanceof Date) return 'google.protobuf.Timestamp';
      if (v instanceof Duration) return 'google.protobuf.Duration';
      if (v instanceof Optional) return 'optional';
      if (v.constructor === Object || v.constructor === undefined || v.constructor === Map) return 'map';
      return constructionNameOf(v) ?? (v.constructor as { celType?: string }).celType ?? 'map';
    default:
      return 'unknown';
  }
}
