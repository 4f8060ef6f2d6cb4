import { checkOneOf, defineRule } from '@platlint/core';
import { COMPOSITE_POD_GROUP, POD_GROUP, spec } from './shared.js';
import { isObject } from '../kit/objects.js';
import docs from './one-scheduling-policy.md';

export default defineRule({
  meta: {
    id: 'scheduling/one-scheduling-policy',
    description: 'A scheduling policy sets exactly one of basic and gang.',
    kinds: [POD_GROUP, COMPOSITE_POD_GROUP],
    severity: 'error',
    enforcedBy: 'server',
    source:
      'API document B, PodGroup (PodGroupSchedulingPolicy); API document B, CompositePodGroup; upstream (API server validation, PodGroup, CompositePodGroup)',
    docs,
    messages: {
      neither: 'the scheduling policy sets neither "basic" nor "gang"; set exactly one of them',
      both: 'the scheduling policy sets both "basic" and "gang"; keep exactly one of them',
    },
  },
  check(context) {
    const policy = spec(context.value)?.schedulingPolicy;
    if (!isObject(policy)) return; // missing or not a mapping: structural findings
    checkOneOf(context, ['spec', 'schedulingPolicy'], ['basic', 'gang'], {
      noneMessage: { messageId: 'neither' },
      extraMessage: () => ({ messageId: 'both' }),
    });
  },
});
