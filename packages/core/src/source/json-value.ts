import { MAX_NESTING } from './nesting.js';
import { setOwn } from './own-property.js';

/**
 * Preparing a decoded JSON value (an admission request's object) for linting as it is,
 * without a trip through YAML text that would retype `"yes"` or `"0b101"`.
 */

/**
 * A JSON or YAML mapping: an object that is neither null nor a list. The one guard every
 * package uses before reading fields of a value whose shape is not yet known.
 */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Depth of the deepest collection, counted with an explicit stack; stops past `limit`. */
export function nestingOf(value: unknown, limit = MAX_NESTING): number {
  const stack: [unknown, number][] = [[value, 0]];
  let max = 0;
  while (stack.length > 0) {
    const [node, outer] = stack.pop()!;
    if (!node || typeof node !== 'object') continue;
    const depth = outer + 1;
    if (depth > max) max = depth;
    if (depth > limit) return depth;
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push([child, depth]);
  }
  return max;
}

/**
 * A copy with null map entries dropped, as decoding YAML drops them (the platform treats
 * an explicit null as "not set"). Call only on values within the nesting limit.
 */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value))
    if (child !== null && child !== undefined) setOwn(out, key, withoutNulls(child));
  return out;
}

/**
 * A copy of a decoded value that holds no reference to the text it was read from. Strings
 * cut out of a file's text may share its memory (V8 keeps a substring of 13 characters or
 * more as a slice of the whole text), so one value kept past its file would keep the whole
 * file alive; a run that keeps a few objects of every file (its cross-document index) would
 * keep every file. Own `__proto__` keys stay own keys, and a node reached twice (a YAML
 * alias) is copied once, so an alias-heavy value does not grow.
 *
 * Written out rather than `structuredClone`, which serializes the value to a buffer and reads
 * it back: this took a quarter of the time (2,254 index entries and deferred objects of the
 * generated corpus: 6-7 vs 22-26 ms, steady state).
 */
export function detachedFromText<T>(value: T): T {
  return copyDetached(value, new Map()) as T;
}

function copyDetached(value: unknown, copies: Map<object, unknown>): unknown {
  if (typeof value === 'string') return detachedString(value);
  if (value === null || typeof value !== 'object') return value;
  const known = copies.get(value);
  if (known !== undefined) return known;
  if (Array.isArray(value)) {
    const out: unknown[] = new Array(value.length);
    copies.set(value, out);
    for (let i = 0; i < value.length; i++) out[i] = copyDetached(value[i], copies);
    return out;
  }
  const out: Record<string, unknown> = {};
  copies.set(value, out);
  for (const key of Object.keys(value)) setOwn(out, key, copyDetached((value as Record<string, unknown>)[key], copies));
  return out;
}

/**
 * A string with the same characters that shares no memory with `text`'s source: a shorter
 * one is always its own copy; a longer one is joined to a character and cut again, which
 * makes V8 write the characters into a string of their own first (String::Flatten).
 */
function detachedString(text: string): string {
  return text.length < 13 ? text : ` ${text}`.slice(1);
}
