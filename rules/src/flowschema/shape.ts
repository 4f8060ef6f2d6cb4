import type { FieldPath } from '@platlint/core';
import { listAt, objAt, objectsIn } from '../kit/objects.js';
import type { Obj } from '../kit/objects.js';

/**
 * Readers for FlowSchema and PriorityLevelConfiguration objects, on the kit's loose readers
 * (kit/objects.ts): every step checks its type and gives up quietly.
 */
/** A policy rule of `spec.rules`, with its index. */
export interface PolicyRule {
  index: number;
  value: Obj;
  path: FieldPath;
}

export function policyRules(object: Obj): PolicyRule[] {
  return objectsIn(listAt(objAt(object, 'spec'), 'rules')).map(([value, index]) => ({
    index,
    value,
    path: ['spec', 'rules', index],
  }));
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
    kinds.flatMap((k) => objectsIn(rule.value[k]).map(([value, j]) => ({ kind: k, value, path: [...rule.path, k, j] }))),
  );
}

export const PLC_KIND = 'PriorityLevelConfiguration.flowcontrol.apiserver.plat.io';
export const FS_KIND = 'FlowSchema.flowcontrol.apiserver.plat.io';
