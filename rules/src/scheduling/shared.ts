import { schemaAt } from '@platlint/core';
import type { FieldPath, RuleContext, SchemaNode } from '@platlint/core';
import { isObject, isSet } from '../kit/objects.js';
import type { Obj } from '../kit/objects.js';
import { formatPath } from '../kit/paths.js';

export const POD_GROUP = 'PodGroup.scheduling.plat.io';
export const COMPOSITE_POD_GROUP = 'CompositePodGroup.scheduling.plat.io';

export function spec(value: Obj): Obj | undefined {
  return isObject(value.spec) ? value.spec : undefined;
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  }
  if (!isObject(a) || !isObject(b)) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)].filter((k) => isSet(a[k]) || isSet(b[k])));
  return [...keys].every((k) => deepEqual(a[k], b[k]));
}

/** A short rendering of a value for a message. */
function show(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? 'nothing');
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/**
 * Fields that the Priority admission controller fills in from the priority class: a stored
 * object carries them although the manifest never set them, so leaving them out of the new
 * manifest is not a change.
 */
const SERVER_FILLED = new Set(['priority', 'preemptionPolicy']);

/**
 * Reports every difference between the stored and the new value of one spec field, at the
 * most precise path. Both sides are compared after defaulting.
 */
/** The messages of reportChanges, which every rule that calls it has among its own. */
export const CHANGE_MESSAGES = {
  fieldAdded: '{{name}} was added; {{why}}',
  fieldRemoved: '{{name}} was removed (it was {{before}}); {{why}}',
  fieldChanged: '{{name}} changed from {{before}} to {{after}}; {{why}}',
} as const;

export function reportChanges(
  context: RuleContext,
  schema: SchemaNode,
  field: string,
  oldSpec: Obj,
  newSpec: Obj,
  why: string,
): void {
  const fallback = schemaAt(schema, ['spec', field])?.default;
  if (!isSet(newSpec[field]) && SERVER_FILLED.has(field)) return;
  const before = isSet(oldSpec[field]) ? oldSpec[field] : fallback;
  const after = isSet(newSpec[field]) ? newSpec[field] : fallback;
  diff(context, ['spec', field], before, after, why);
}

function diff(context: RuleContext, path: FieldPath, before: unknown, after: unknown, why: string): void {
  if (deepEqual(before, after)) return;
  const name = formatPath(path);
  // Descend only while both sides set the same fields: a member swapped for another (single
  // for all, basic for gang) is one change of the mapping, not a removal and an addition.
  if (isObject(before) && isObject(after) && sameKeys(before, after)) {
    for (const key of Object.keys(after)) diff(context, [...path, key], before[key], after[key], why);
    return;
  }
  if (!isSet(before)) context.report({ path, target: 'key', messageId: 'fieldAdded', data: { name, why } });
  else if (!isSet(after))
    context.report({ path, target: 'key', messageId: 'fieldRemoved', data: { name, before: show(before), why } });
  else context.report({ path, messageId: 'fieldChanged', data: { name, before: show(before), after: show(after), why } });
}

function sameKeys(a: Obj, b: Obj): boolean {
  const set = (m: Obj): string[] =>
    Object.keys(m)
      .filter((k) => isSet(m[k]))
      .sort();
  return set(a).join('\0') === set(b).join('\0');
}
