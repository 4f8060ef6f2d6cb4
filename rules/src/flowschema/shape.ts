import type { FieldPath } from '@platlint/core';
import { listAt, objAt, objectsIn, oncePerValue } from '../kit/objects.js';
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

/**
 * The policy rules of a FlowSchema, each with its path. Several rules ask for them (and for their
 * targets) of every FlowSchema: like the kit's containersOf, the lists are made once per object
 * value and shared, read-only.
 */
export const policyRules: (object: Obj) => readonly PolicyRule[] = oncePerValue((object) =>
  objectsIn(listAt(objAt(object, 'spec'), 'rules')).map(([value, index]) => ({
    index,
    value,
    path: ['spec', 'rules', index],
  })),
);

/** A resource or non-resource rule inside a policy rule. */
export interface TargetRule {
  kind: 'resourceRules' | 'nonResourceRules';
  value: Obj;
  path: FieldPath;
}

const TARGET_KINDS: readonly TargetRule['kind'][] = ['resourceRules', 'nonResourceRules'];

/** The target rules of every policy rule, in order (those of `kind` alone when it is given). */
export function targetRules(object: Obj, kind?: TargetRule['kind']): readonly TargetRule[] {
  const all = allTargetRules(object);
  return kind ? all.filter((target) => target.kind === kind) : all;
}

const allTargetRules = oncePerValue((object: Obj): readonly TargetRule[] =>
  policyRules(object).flatMap((rule) =>
    TARGET_KINDS.flatMap((k) => objectsIn(rule.value[k]).map(([value, j]) => ({ kind: k, value, path: [...rule.path, k, j] }))),
  ),
);

export const PLC_KIND = 'PriorityLevelConfiguration.flowcontrol.apiserver.plat.io';
export const FS_KIND = 'FlowSchema.flowcontrol.apiserver.plat.io';
