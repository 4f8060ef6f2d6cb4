// RFC 6902 JSON patches applied the way the platform's API server applies a mutating
// policy's patch (evanphx/json-patch v4 semantics, as upstream's mutating/patch/json_patch.go,
// jsonPatcher.Patch, applies it). Written here
// rather than taken from npm: the libraries there follow the RFC strictly, and v4 differs
// in ways policies can observe (replace of an absent member adds it, negative indices,
// a test on an absent member compares with null, the exact error texts).
import { setOwn } from '@platlint/core';
import { clone, deepEqual, isObject, shallowCopy, type Json, type JsonObject } from '../json.js';

export interface JsonPatchOperation {
  op: string;
  path: string;
  from?: string;
  value?: Json;
}

/** A `test` operation whose value did not match: the whole patch is dropped, not an error. */
export class JsonPatchTestFailed extends Error {
  constructor(path: string) {
    super(`testing value ${path} failed`);
    this.name = 'JsonPatchTestFailed';
  }
}

export class JsonPatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JsonPatchError';
  }
}

const MISSING = 'missing value';
const INVALID_INDEX = 'invalid index referenced';

/** RFC 6901: `~1` is `/`, `~0` is `~`, decoded left to right so `~01` stays `~1`. */
export function decodePointerToken(token: string): string {
  if (!token.includes('~')) return token;
  return token.replace(/~[01]/g, (m) => (m === '~1' ? '/' : '~'));
}

/** The decoded tokens of a pointer that starts with `/`, in one array. */
function pointerTokens(pointer: string): string[] {
  const tokens = pointer.slice(1).split('/');
  for (let i = 0; i < tokens.length; i++) tokens[i] = decodePointerToken(tokens[i] as string);
  return tokens;
}

// Arrays are changed in place (splice), so a container is the live array or object.
type Container = { kind: 'object'; value: JsonObject } | { kind: 'array'; value: Json[] };

interface Located {
  container: Container;
  key: string;
}

/**
 * The document being patched, copied on write: an operation copies the containers on its
 * path (once per patch) and changes only those, so the result shares every untouched subtree
 * with the input. Copying the whole document first cost more than the patch itself.
 */
interface Holder {
  root: Json;
  /** Containers this patch created or copied; only these may be changed in place. */
  owned: Set<object>;
  /** The document as given, and its size as JSON (see jsonBytes) once measured. */
  document: Json;
  documentBytes: number | undefined;
  /** What is known of that size before measuring it (see applyJsonPatch). */
  documentBytesAtMost: number;
  /** The bytes operations wrote into the document less those they took out: `root` is the document's size plus this. */
  grown: number;
  maxBytes: number;
}

/**
 * The largest patched object, in bytes of its JSON: the API server reads no request body
 * above 3 MiB (its MaxRequestBodyBytes), so an object beyond it could never have been sent,
 * and etcd stores half of that. A patch's operations may copy a subtree into itself (each
 * copy doubling the object): the size is kept as the patch runs and the patch stops at the
 * first operation that takes it past the limit, before the object grows further.
 */
export const MAX_PATCHED_BYTES = 3 * 1024 * 1024;

/**
 * Applies a patch to `document` and returns the result. Throws JsonPatchTestFailed when a
 * `test` fails and JsonPatchError for every other problem, a result over `maxBytes`
 * included; the input is never changed. `documentBytesAtMost`: a bound on jsonBytes of
 * `document` that the caller knows (jsonBytesAtMost of the text it was parsed from); the
 * document is then measured only if that bound and what the operations add could pass
 * `maxBytes`, which a request's object and a patch of a few members never do. Measuring the
 * whole object on every JSON patch was a tenth of a mutating webhook request's patching.
 */
export function applyJsonPatch(
  document: Json,
  operations: readonly JsonPatchOperation[],
  maxBytes = MAX_PATCHED_BYTES,
  documentBytesAtMost = Number.POSITIVE_INFINITY,
): Json {
  // A holder lets a root `replace` swap the whole document.
  const holder: Holder = {
    root: document,
    owned: new Set(),
    document,
    documentBytes: undefined,
    documentBytesAtMost,
    grown: 0,
    maxBytes,
  };
  for (const op of operations) applyOne(holder, op);
  return holder.root;
}

/**
 * The most jsonBytes can count for a value parsed from JSON text of `textBytes` bytes (UTF-8),
 * whatever the text. Each string, key, literal, bracket and comma counts at most the bytes it
 * is written with (a UTF-16 unit takes at least one byte of UTF-8, an escape more), but a
 * number counts its shortest form as JavaScript writes it, up to 25 characters
 * (-0.0000012345678901234567), which the text may write in one byte fewer each time:
 * `1e20` (4 bytes) counts 21. So at most 25 counted per byte of text.
 */
export function jsonBytesAtMost(textBytes: number): number {
  return MAX_NUMBER_CHARACTERS * textBytes;
}
const MAX_NUMBER_CHARACTERS = 25;

/**
 * The stack of jsonBytes's walk, kept from one call to the next: a fresh one grew by copying
 * (a list's items are pushed at once) and was most of what a JSON patch allocates, for every
 * request a JSON-patch policy mutates (test/bench/admit-alloc.mjs). The walk calls nothing
 * that could measure again while it runs (plain JSON values), so one stack serves every call;
 * its slots are cleared as they are popped, so it holds no value after a call, and a stack
 * grown past KEPT_STACK_SLOTS by a wide value is dropped rather than kept.
 */
let walkStack: (Json | undefined)[] = [];
const KEPT_STACK_SLOTS = 4096;

/**
 * The length of `value` as compact JSON, counted without writing it (strings by their UTF-16
 * length, escapes left out: close enough for a bound), or any number above `limit` once it
 * passes it: measuring stops there, so a huge value costs no more than the limit.
 */
export function jsonBytes(value: Json | undefined, limit: number): number {
  // Each value popped adds its separator (a comma, or nothing for the root and a first item:
  // hence the -1 here and below), so that a wide list is counted as it is walked.
  let total = -1;
  const stack = walkStack;
  let top = 0;
  stack[top++] = value;
  while (top > 0) {
    const v = stack[--top];
    stack[top] = undefined;
    total += 1;
    if (v === null || v === undefined) total += 4;
    else if (typeof v === 'string') total += v.length + 2;
    else if (typeof v === 'number') total += String(v).length;
    else if (typeof v === 'boolean') total += v ? 4 : 5;
    else if (Array.isArray(v)) {
      total += v.length > 0 ? 1 : 2;
      for (const item of v) stack[top++] = item;
    } else {
      let members = 0;
      for (const key in v) {
        members++;
        total += key.length + 3;
        stack[top++] = v[key];
      }
      total += members > 0 ? 1 : 2;
    }
    if (total > limit) break;
  }
  // Stopped at the limit: the values not walked are let go too.
  for (let i = 0; i < top; i++) stack[i] = undefined;
  if (stack.length > KEPT_STACK_SLOTS) walkStack = [];
  return total;
}

/**
 * Counts the bytes of a value an operation is about to write in (and of the one it replaces
 * out), and stops the patch before the write when the object would be over its limit.
 */
function account(holder: Holder, op: JsonPatchOperation, added: Json, replaced?: Json): void {
  const grown =
    holder.grown + jsonBytes(added, holder.maxBytes) - (replaced === undefined ? 0 : jsonBytes(replaced, holder.maxBytes));
  // The document is measured only when its bound alone cannot rule the limit out.
  if (holder.documentBytesAtMost + grown > holder.maxBytes) {
    holder.documentBytes ??= jsonBytes(holder.document, holder.maxBytes);
    if (holder.documentBytes + grown > holder.maxBytes)
      throw new JsonPatchError(
        `${op.op} operation at "${op.path}" would make the object larger than ${holder.maxBytes} bytes of JSON, more than the API server accepts in a request`,
      );
  }
  holder.grown = grown;
}

/** The value an add or replace at `located` writes over, if any (an array add inserts). */
function overwritten(located: Located): Json | undefined {
  const { container, key } = located;
  if (container.kind === 'object') return Object.hasOwn(container.value, key) ? container.value[key] : undefined;
  return undefined;
}

/** A container of this patch's own: `value` itself when already copied, else a shallow copy. */
function own(holder: Holder, value: Json[] | JsonObject): Json[] | JsonObject {
  if (holder.owned.has(value)) return value;
  const copy = Array.isArray(value) ? value.slice() : shallowCopy(value);
  holder.owned.add(copy);
  return copy;
}

function applyOne(holder: Holder, op: JsonPatchOperation): void {
  switch (op.op) {
    case 'add':
      return add(holder, op);
    case 'remove':
      return remove(holder, op);
    case 'replace':
      return replace(holder, op);
    case 'move':
      return move(holder, op);
    case 'copy':
      return copy(holder, op);
    case 'test':
      return test(holder, op);
    default:
      throw new JsonPatchError(`Unexpected kind: ${op.op}`);
  }
}

// The parent container of the pointer's last token and that token, or undefined when a
// parent is missing (v4's findObject). The empty pointer has no parent. With `write`, the
// containers on the way are made the patch's own (copied, and linked into copied parents)
// so the caller may change the parent in place.
function locate(holder: Holder, pointer: string, write: boolean): Located | undefined {
  if (typeof pointer !== 'string' || !pointer.startsWith('/')) return undefined;
  const tokens = pointerTokens(pointer);
  const last = tokens.pop() as string;
  if (write) return locateForWrite(holder, tokens, last);
  let current: Json | undefined = holder.root;
  for (const token of tokens) {
    const next: Json | undefined = childOf(current, token);
    if (next === undefined || next === null || typeof next !== 'object') return undefined;
    current = next;
  }
  if (Array.isArray(current)) return { container: { kind: 'array', value: current }, key: last };
  if (isObject(current)) return { container: { kind: 'object', value: current }, key: last };
  return undefined;
}

function locateForWrite(holder: Holder, tokens: readonly string[], last: string): Located | undefined {
  let current: Json | undefined = holder.root;
  if (current === null || typeof current !== 'object') return undefined;
  // Missing parents are found before anything is copied, so a failing operation copies nothing.
  for (const token of tokens) {
    const next: Json | undefined = childOf(current, token);
    if (next === undefined || next === null || typeof next !== 'object') return undefined;
    current = next;
  }
  current = holder.root = own(holder, holder.root as Json[] | JsonObject);
  for (const token of tokens) {
    const parent: Json[] | JsonObject = current;
    if (Array.isArray(parent)) {
      const i = arrayIndex(token, parent.length) as number;
      current = parent[i] = own(holder, parent[i] as Json[] | JsonObject);
    } else {
      const child = own(holder, parent[token] as Json[] | JsonObject);
      // A member named __proto__ (JSON.parse makes it an own property) must stay a member.
      setOwn(parent, token, child);
      current = child;
    }
  }
  if (Array.isArray(current)) return { container: { kind: 'array', value: current }, key: last };
  return { container: { kind: 'object', value: current }, key: last };
}

function childOf(value: Json | undefined, token: string): Json | undefined {
  if (Array.isArray(value)) {
    const i = arrayIndex(token, value.length);
    return i === undefined ? undefined : value[i];
  }
  if (isObject(value)) return Object.hasOwn(value, token) ? value[token] : undefined;
  return undefined;
}

// An existing element's index; v4 accepts negative indices counted from the end.
function arrayIndex(token: string, length: number): number | undefined {
  if (!/^-?\d+$/.test(token)) return undefined;
  let i = Number(token);
  if (i < 0) {
    if (i < -length) return undefined;
    i += length;
  }
  return i < length ? i : undefined;
}

function get(located: Located): Json | undefined {
  const { container, key } = located;
  if (container.kind === 'object') return Object.hasOwn(container.value, key) ? container.value[key] : undefined;
  if (!/^-?\d+$/.test(key)) throw new JsonPatchError(`value was not a proper array index: '${key}'`);
  const i = arrayIndex(key, container.value.length);
  if (i === undefined) throw new JsonPatchError(`Unable to access invalid index: ${key}: ${INVALID_INDEX}`);
  return container.value[i];
}

function insert(located: Located, value: Json): void {
  const { container, key } = located;
  if (container.kind === 'object') {
    setOwn(container.value, key, value);
    return;
  }
  const items = container.value;
  if (key === '-') {
    items.push(value);
    return;
  }
  if (!/^-?\d+$/.test(key)) throw new JsonPatchError(`value was not a proper array index: '${key}'`);
  let i = Number(key);
  const size = items.length + 1;
  if (i >= size || i < -size) throw new JsonPatchError(`Unable to access invalid index: ${i}: ${INVALID_INDEX}`);
  if (i < 0) i += size;
  items.splice(i, 0, value);
}

/** Removes the member or item and returns it. */
function removeAt(located: Located): Json | undefined {
  const { container, key } = located;
  if (container.kind === 'object') {
    if (!Object.hasOwn(container.value, key)) throw new JsonPatchError(`Unable to remove nonexistent key: ${key}: ${MISSING}`);
    const removed = container.value[key];
    delete container.value[key];
    return removed;
  }
  if (!/^-?\d+$/.test(key)) throw new JsonPatchError(`value was not a proper array index: '${key}'`);
  const i = arrayIndex(key, container.value.length);
  if (i === undefined) throw new JsonPatchError(`Unable to access invalid index: ${key}: ${INVALID_INDEX}`);
  return container.value.splice(i, 1)[0];
}

function valueOf(op: JsonPatchOperation): Json {
  return op.value === undefined ? null : clone(op.value);
}

function add(holder: Holder, op: JsonPatchOperation): void {
  const at = locate(holder, op.path, true);
  if (!at) throw new JsonPatchError(`add operation does not apply: doc is missing path: "${op.path}": ${MISSING}`);
  const value = valueOf(op);
  account(holder, op, value, overwritten(at));
  try {
    insert(at, value);
  } catch (e) {
    throw new JsonPatchError(`error in add for path: '${op.path}': ${(e as Error).message}`);
  }
}

function remove(holder: Holder, op: JsonPatchOperation): void {
  const at = locate(holder, op.path, true);
  if (!at) throw new JsonPatchError(`remove operation does not apply: doc is missing path: "${op.path}": ${MISSING}`);
  try {
    const removed = removeAt(at);
    holder.grown -= jsonBytes(removed, holder.maxBytes);
  } catch (e) {
    throw new JsonPatchError(`error in remove for path: '${op.path}': ${(e as Error).message}`);
  }
}

function replace(holder: Holder, op: JsonPatchOperation): void {
  if (op.path === '') {
    const value = valueOf(op);
    if (value === null || typeof value !== 'object') throw new JsonPatchError('replace operation value must be object or array');
    account(holder, op, value, holder.root);
    holder.root = value;
    return;
  }
  const at = locate(holder, op.path, true);
  if (!at) throw new JsonPatchError(`replace operation does not apply: doc is missing path: ${op.path}: ${MISSING}`);
  const value = valueOf(op);
  if (at.container.kind === 'array') {
    const i = arrayIndex(at.key, at.container.value.length);
    if (i === undefined) throw new JsonPatchError(`replace operation does not apply: doc is missing key: ${op.path}: ${MISSING}`);
    account(holder, op, value, at.container.value[i]);
    at.container.value[i] = value;
    return;
  }
  // An absent object member is simply set, as v4 does.
  account(holder, op, value, overwritten(at));
  setOwn(at.container.value, at.key, value);
}

function move(holder: Holder, op: JsonPatchOperation): void {
  const from = op.from ?? '';
  const source = locate(holder, from, true);
  if (!source) throw new JsonPatchError(`move operation does not apply: doc is missing from path: ${from}: ${MISSING}`);
  let value: Json | undefined;
  try {
    value = get(source);
    removeAt(source);
  } catch (e) {
    throw new JsonPatchError(`error in move for path: '${source.key}': ${(e as Error).message}`);
  }
  const target = locate(holder, op.path, true);
  if (!target) throw new JsonPatchError(`move operation does not apply: doc is missing destination path: ${op.path}: ${MISSING}`);
  try {
    insert(target, value ?? null);
  } catch (e) {
    throw new JsonPatchError(`error in move for path: '${target.key}': ${(e as Error).message}`);
  }
}

function copy(holder: Holder, op: JsonPatchOperation): void {
  const from = op.from ?? '';
  const source = locate(holder, from, false);
  if (!source) throw new JsonPatchError(`copy operation does not apply: doc is missing from path: ${from}: ${MISSING}`);
  let value: Json | undefined;
  try {
    value = get(source);
  } catch (e) {
    throw new JsonPatchError(`error in copy for from: '${from}': ${(e as Error).message}`);
  }
  // v4 would copy a nil node here; an explicit error says what went wrong instead.
  if (value === undefined)
    throw new JsonPatchError(`copy operation does not apply: doc is missing from key: ${from}: ${MISSING}`);
  const target = locate(holder, op.path, true);
  if (!target) throw new JsonPatchError(`copy operation does not apply: doc is missing destination path: ${op.path}: ${MISSING}`);
  // Measured before it is cloned: a copy of a subtree into itself doubles the object.
  account(holder, op, value, overwritten(target));
  try {
    insert(target, clone(value));
  } catch (e) {
    throw new JsonPatchError(`error in copy for path: '${op.path}': ${(e as Error).message}`);
  }
}

function test(holder: Holder, op: JsonPatchOperation): void {
  if (op.path === '') {
    if (deepEqual(holder.root, valueOf(op))) return;
    throw new JsonPatchTestFailed(op.path);
  }
  const at = locate(holder, op.path, false);
  if (!at) throw new JsonPatchError(`test operation does not apply: is missing path: ${op.path}: ${MISSING}`);
  let actual: Json | undefined;
  try {
    actual = get(at);
  } catch (e) {
    throw new JsonPatchError(`error in test for path: '${op.path}': ${(e as Error).message}`);
  }
  // An absent member equals an absent or null value.
  if (deepEqual(actual ?? null, valueOf(op))) return;
  throw new JsonPatchTestFailed(op.path);
}
