import { isJsonObject } from '@platlint/core';
import type { FieldPath } from '@platlint/core';

/** The mapping guard of core, for the rules of this area. */
export { isJsonObject };

/**
 * Loose readers for FlowSchema and PriorityLevelConfiguration objects. Rules run on objects
 * that may also be structurally broken, so every step checks its type and gives up quietly:
 * schema validation already reports what is malformed.
 */
export type Obj = Record<string, unknown>;

export const objAt = (value: unknown, key: string): Obj | undefined => {
  const inner = isJsonObject(value) ? value[key] : undefined;
  return isJsonObject(inner) ? inner : undefined;
};

export const listAt = (value: unknown, key: string): unknown[] | undefined => {
  const inner = isJsonObject(value) ? value[key] : undefined;
  return Array.isArray(inner) ? inner : undefined;
};

export const nameOf = (object: Obj): string | undefined => {
  const name = objAt(object, 'metadata')?.name;
  return typeof name === 'string' ? name : undefined;
};

/** A policy rule of `spec.rules`, with its index. */
export interface PolicyRule {
  index: number;
  value: Obj;
  path: FieldPath;
}

export function policyRules(object: Obj): PolicyRule[] {
  const rules = listAt(objAt(object, 'spec'), 'rules') ?? [];
  return rules.flatMap((value, index) => (isJsonObject(value) ? [{ index, value, path: ['spec', 'rules', index] }] : []));
}

/** A resource or non-resource rule inside a policy rule. */
export interface TargetRule {
  kind: 'resourceRules' | 'nonResourceRules';
  value: Obj;
  path: FieldPath;
}

export function targetRules(object: Obj, kind?: TargetRule['kind']): TargetRule[] {
  const kinds: TargetRule['kind'][] = kind ? [kind] : ['resourceRules', 'nonResourceRules'];
  return policyRules(object).flatMap((rule) =>
    kinds.flatMap((k) => (listAt(rule.value, k) ?? []).flatMap((value, j) => (isJsonObject(value) ? [{ kind: k, value, path: [...rule.path, k, j] }] : []))),
  );
}

/** A plain integer, or undefined (schema/type reports anything else). */
export const intAt = (value: unknown, key: string): number | undefined => {
  const inner = isJsonObject(value) ? value[key] : undefined;
  return typeof inner === 'number' && Number.isInteger(inner) ? inner : undefined;
};

export const PLC_KIND = 'PriorityLevelConfiguration.flowcontrol.apiserver.plat.io';
export const FS_KIND = 'FlowSchema.flowcontrol.apiserver.plat.io';
