// The JSON patch a webhook answers with: RFC 6902 operations that turn the object as the
// API server sent it into the final object. Computed by comparing the two, so it holds
// whatever apply configurations and patches did, in the fewest simple steps.
import { deepEqual, escapePointerToken, isObject, type Json } from '../json.js';
import type { JsonPatchOperation } from './json-patch.js';

export function diffToPatch(from: Json | undefined, to: Json | undefined): JsonPatchOperation[] {
  const ops: JsonPatchOperation[] = [];
  // Equal values yield no operations from diffValue itself: comparing them first would only
  // walk the changed paths once more.
  if (to === undefined) return ops;
  diffValue(from ?? null, to, '', ops);
  return ops;
}

function diffValue(from: Json, to: Json, path: string, ops: JsonPatchOperation[]): void {
  // The engine shares unchanged subtrees with the original, so identity settles most of them.
  if (from === to) return;
  // Two objects or two arrays that are equal yield no operations anyway: comparing them
  // first would walk every changed path once per level.
  if (isObject(from) && isObject(to)) return diffObject(from, to, path, ops);
  if (Array.isArray(from) && Array.isArray(to)) return diffArray(from, to, path, ops);
  if (deepEqual(from, to)) return;
  ops.push({ op: 'replace', path, value: to });
}

function diffObject(from: Record<string, Json>, to: Record<string, Json>, path: string, ops: JsonPatchOperation[]): void {
  // for-in: no copy of the key lists (see deepEqual).
  for (const key in from) {
    if (!Object.hasOwn(to, key)) ops.push({ op: 'remove', path: `${path}/${escapePointerToken(key)}` });
  }
  for (const key in to) {
    const value = to[key] as Json;
    const had = Object.hasOwn(from, key);
    // Skipped before its path is built: most members are unchanged (and shared).
    if (had && from[key] === value) continue;
    const child = `${path}/${escapePointerToken(key)}`;
    if (!had) ops.push({ op: 'add', path: child, value });
    else diffValue(from[key] as Json, value, child, ops);
  }
}

// Elements are compared by position after a common prefix and suffix are set aside, so
// an insertion or removal anywhere is one operation and appended entries are `add`s.
function diffArray(from: Json[], to: Json[], path: string, ops: JsonPatchOperation[]): void {
  let start = 0;
  while (start < from.length && start < to.length && deepEqual(from[start], to[start])) start++;
  let endFrom = from.length;
  let endTo = to.length;
  while (endFrom > start && endTo > start && deepEqual(from[endFrom - 1], to[endTo - 1])) {
    endFrom--;
    endTo--;
  }
  const common = Math.min(endFrom - start, endTo - start);
  for (let i = 0; i < common; i++) diffValue(from[start + i] as Json, to[start + i] as Json, `${path}/${start + i}`, ops);
  // Removals go from the highest index down so earlier indexes stay valid.
  for (let i = endFrom - 1; i >= start + common; i--) ops.push({ op: 'remove', path: `${path}/${i}` });
  for (let i = start + common; i < endTo; i++) ops.push({ op: 'add', path: `${path}/${i}`, value: to[i] as Json });
}
