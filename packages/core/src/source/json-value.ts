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
 * cut out of a file's text may share its memory (V8 keeps a long enough substring as a slice
 * of the whole text), so one value kept past its file would keep the whole file alive; a run
 * that keeps a few objects of every file (its cross-document index) would keep every file.
 * `structuredClone` writes each string anew and keeps own `__proto__` keys as own keys.
 */
export function detachedFromText<T>(value: T): T {
  return structuredClone(value);
}
