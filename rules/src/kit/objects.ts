// Loose readers of manifests, for every rule area. A rule runs on whatever the file holds,
// structurally broken objects too, so each step checks its type and gives up quietly: the
// structural checks already report what is malformed.
import { isJsonObject } from '@platlint/core';

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
