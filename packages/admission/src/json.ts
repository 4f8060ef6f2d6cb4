// Plain JSON values as admission requests carry them, and the few operations on them the
// engine needs everywhere (the objects it handles never hold anything but JSON).
import { isJsonObject, setOwn } from '@platlint/core';

export type Json = null | boolean | number | string | Json[] | JsonObject;
export interface JsonObject {
  [key: string]: Json;
}

export function isObject(value: unknown): value is JsonObject {
  return isJsonObject(value);
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  if (isObject(a)) {
    if (!isObject(b)) return false;
    // for-in rather than Object.keys: it walks V8's cached key list without copying it (JSON
    // objects inherit nothing enumerable), and an admission compares a few dozen objects.
    let members = 0;
    for (const k in a) {
      members++;
      if (!Object.hasOwn(b, k) || !deepEqual(a[k], b[k])) return false;
    }
    for (const _ in b) members--;
    return members === 0;
  }
  return false;
}

/** A deep copy that is safe to change (inputs are frozen or shared). */
export function clone<T extends Json | undefined>(value: T): T {
  if (value === undefined || value === null || typeof value !== 'object') return value;
  // A plain recursive copy: JSON needs nothing of structuredClone's generality, which costs
  // several times more (it was a third of the webhook's CPU under load).
  if (Array.isArray(value)) return value.map((item) => clone(item)) as T;
  const out: Record<string, Json> = {};
  for (const key of Object.keys(value)) setOwn(out, key, clone((value as Record<string, Json>)[key] as Json));
  return out as T;
}

/**
 * A copy of an object's own members, to be changed (members added) and walked again. Not
 * `{ ...value }`: V8 cannot cache the key list of an object spread from another and then
 * given a new member, so every later for-in or Object.keys over it (diffs, strict-decode
 * checks, merges, CEL's activation) built that list again, in the old generation, which
 * only a full collection frees: a for-in over such a copy cost ten times one over this
 * copy, and the webhook's heap grew by about 1 KB per request (node 20, V8 11.3). Members
 * are set with setOwn, so a member named `__proto__` stays a member.
 */
export function shallowCopy<T extends object>(value: T): T {
  const out: Record<string, unknown> = {};
  for (const key in value) setOwn(out, key, (value as Record<string, unknown>)[key]);
  return out as T;
}

/** Freezes a value and everything below it; the state hands out shared objects. */
// Values deepFreeze froze all the way down, so they can be shared instead of copied.
const deeplyFrozen = new WeakSet<object>();

export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
    deeplyFrozen.add(value);
  }
  return value;
}

/** True for a value deepFreeze froze whole (a value frozen some other way may hide mutable parts). */
export function isDeeplyFrozen(value: unknown): boolean {
  return typeof value === 'object' && value !== null && deeplyFrozen.has(value);
}

/** `metadata.labels` of an object, or an empty set when absent or malformed. */
export function labelsOf(object: unknown): Record<string, string> {
  if (!isObject(object) || !isObject(object.metadata)) return {};
  const labels = object.metadata.labels;
  if (!isObject(labels)) return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(labels)) if (typeof v === 'string') out[k] = v;
  return out;
}

export function metadataString(object: unknown, field: 'name' | 'namespace'): string {
  if (!isObject(object) || !isObject(object.metadata)) return '';
  const v = object.metadata[field];
  return typeof v === 'string' ? v : '';
}

/** RFC 6901 token escaping, as `jsonpatch.escapeKey` does it. */
export function escapePointerToken(key: string): string {
  // Most keys need no escaping; the test is cheaper than two regular-expression passes.
  if (!key.includes('~') && !key.includes('/')) return key;
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
