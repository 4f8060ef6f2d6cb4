import type { Rule } from '@platlint/core';
import compositeSpecImmutable from './composite-spec-immutable.js';
import hierarchyCycle from './hierarchy-cycle.js';
import hierarchyDepth from './hierarchy-depth.js';
import oneDisruptionMode from './one-disruption-mode.js';
import oneSchedulingPolicy from './one-scheduling-policy.js';
import parentConsistency from './parent-consistency.js';
import parentExists from './parent-exists.js';
import podGroupImmutable from './podgroup-immutable.js';
import resourceClaimSource from './resource-claim-source.js';
import singleWorkload from './single-workload.js';
import uniqueResourceClaimNames from './unique-resource-claim-names.js';

/** The rules of this area; rules/src/index.ts gathers every area. */
export const rules: readonly Rule[] = [
  compositeSpecImmutable,
  hierarchyCycle,
  hierarchyDepth,
  oneDisruptionMode,
  oneSchedulingPolicy,
  parentConsistency,
  parentExists,
  podGroupImmutable,
  resourceClaimSource,
  singleWorkload,
  uniqueResourceClaimNames,
];
