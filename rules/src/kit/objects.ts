// Loose readers of manifests, for every rule area. A rule runs on whatever the file holds,
// structurally broken objects too, so each step checks its type and gives up quietly: the
// structural checks already report what is malformed.
import { FileMemo, isJsonObject } from '@platlint/core';

/** A YAML mapping, as a rule reads it. */
export type Obj = Record<string, unknown>;

/** Whether a value is a mapping (not null, not a list): core's guard. */
export const isObject: (value: unknown) => value is Obj = isJsonObject;

/** The mapping under `key`, when both it and `value` are mappings. */
export function objAt(value: unknown, key: string): Obj | undefined {
  const inner = isObject(value) ? value[key] : undefined;
  return isObject(inner) ? inner : undefined;
}

/** The string under `key`, when `value` is a mapping and that is a string. */
export function stringAt(value: unknown, key: string): string | undefined {
  const inner = isObject(value) ? value[key] : undefined;
  return typeof inner === 'string' ? inner : undefined;
}

/** The integer under `key`, when `value` is a mapping and that is one (schema/type reports anything else). */
export function intAt(value: unknown, key: string): number | undefined {
  const inner = isObject(value) ? value[key] : undefined;
  return isInteger(inner) ? inner : undefined;
}

/** A string that is set and not empty: upstream treats an empty string like an absent field. */
export function filled(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

/** The list under `key`, when `value` is a mapping and that is a list. */
export function listAt(value: unknown, key: string): unknown[] | undefined {
  const inner = isObject(value) ? value[key] : undefined;
  return Array.isArray(inner) ? inner : undefined;
}

/** `metadata.name`, when it is a string. */
export function nameOf(object: unknown): string | undefined {
  const name = objAt(object, 'metadata')?.name;
  return typeof name === 'string' ? name : undefined;
}

/** The value when it is a list, else an empty one (what is not a list is a structural finding). */
export function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** Whether a field is set: present and not null (a key written without a value, `basic:`, is unset). */
export function isSet(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/**
 * The entries of a list that are mappings, each with its index in the whole list (so a finding's
 * path names the entry as written, whatever came before it); not a list gives none.
 *
 * Rules of a Deployment ask this of the same lists (containers, volumes, mounts) one after the
 * other, and of absent ones most often: the answer is made once per list and shared, read-only
 * (lint values are not mutated), and an absent list's is one shared empty list. To walk a
 * list, forEachObject is cheaper: it makes no tuple, and no iterator per walk.
 */
export function objectsIn(value: unknown): readonly (readonly [Obj, number])[] {
  return Array.isArray(value) ? entriesOfList(value) : NO_ENTRIES;
}

const NO_ENTRIES: readonly (readonly [Obj, number])[] = Object.freeze([]);

/**
 * `compute` made once per value and shared, read-only: several rules ask the same question of
 * one object (its containers, its probes, a list's mappings), and lint values are not mutated,
 * so an answer holds for the value's life (as core's WalkMemo assumes of its walks).
 */
export function oncePerValue<V extends object, T>(compute: (value: V) => T): (value: V) => T {
  // Kept while the value's file is linted (core's FileMemo says why).
  const answers = new FileMemo<V, T>();
  return (value) => {
    // One lookup for a known answer: `has` only tells an undefined answer from none.
    const known = answers.get(value);
    if (known !== undefined || answers.has(value)) return known as T;
    const answer = compute(value);
    answers.set(value, answer);
    return answer;
  };
}

const entriesOfList = oncePerValue(function mappingEntries(list: unknown[]): readonly (readonly [Obj, number])[] {
  // A plain loop: flatMap's array per item made this the costliest line of the rules in a
  // profile of 10,000 documents.
  const out: [Obj, number][] = [];
  for (let i = 0; i < list.length; i++) {
    const item: unknown = list[i];
    if (isObject(item)) out.push([item, i]);
  }
  return out.length === 0 ? NO_ENTRIES : out;
});

/**
 * Calls `visit` with each entry of a list that is a mapping and its index in the whole list (so a
 * finding's path names the entry as written); not a list visits none.
 *
 * The rules of a Deployment walk the same lists (env, ports, mounts, volumes) for every document,
 * and most entries give nothing to report: an index loop with a callback makes no iterator, tuple
 * or result object per entry, where `for (const [item, i] of objectsIn(list))` made all three.
 * For the same reason, a rule makes a finding's path in the report, not before it (a helper
 * that may report on an entry takes the entry's index, or returns a finding for the caller to place).
 */
export function forEachObject(list: unknown, visit: (item: Obj, index: number) => void): void {
  if (!Array.isArray(list)) return;
  for (let i = 0; i < list.length; i++) {
    const item: unknown = list[i];
    if (isObject(item)) visit(item, i);
  }
}

/**
 * How many of `fields` are set (present and not null) on `object`: for the "exactly one of"
 * checks (a volume's type, a probe's handler, a valueFrom's source), counted without a list,
 * which setFields makes once there is something to report. The object's own keys are
 * walked, not `fields`: a volume sets two or three of some thirty, and looking each of the
 * thirty up on every volume of a run showed in its profile (lint values are plain objects,
 * so for...in lists their own keys).
 */
export function countSet(object: Obj, fields: readonly string[]): number {
  let count = 0;
  for (const key in object) if (fields.includes(key) && isSet(object[key])) count++;
  return count;
}

/** The fields of `fields` that are set on `object`, in that order: a finding's list after countSet. */
export function setFields<F extends string>(object: Obj, fields: readonly F[]): F[] {
  return fields.filter((field) => isSet(object[field]));
}

/** A YAML integer, as the fields typed int32/int64 hold it (floats and strings are schema/type findings). */
export function isInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}
