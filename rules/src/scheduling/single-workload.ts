import { defineRule } from '@platlint/core';
import { ancestry, workloadOf } from './hierarchy.js';
import { COMPOSITE_POD_GROUP, POD_GROUP } from './shared.js';
import { nameOf } from '../kit/objects.js';
import docs from './single-workload.md';

export default defineRule({
  meta: {
    id: 'scheduling/single-workload',
    description: 'All groups of one hierarchy reference the same Workload.',
    kinds: [POD_GROUP, COMPOSITE_POD_GROUP],
    severity: 'error',
    // The API server stores such a group; the scheduler marks the hierarchy Invalid at run time.
    enforcedBy: 'advice',
    source: 'API document B, CompositePodGroup (condition reason Invalid: "references to more than one distinct Workload")',
    crossDocument: [COMPOSITE_POD_GROUP],
    docs,
    messages: {
      otherWorkload:
        'this group belongs to Workload "{{own}}" but {{relation}} "{{ancestor}}" belongs to Workload "{{theirs}}"; all groups of one hierarchy must come from the same Workload',
    },
  },
  check(context) {
    const own = workloadOf(context.value);
    if (own === undefined) return;
    const { ancestors } = ancestry(context);
    const index = ancestors.findIndex((o) => workloadOf(o.value) !== undefined);
    const ancestor = ancestors[index];
    if (!ancestor) return;
    const theirs = workloadOf(ancestor.value) as string;
    if (theirs === own) return;
    const relation = index === 0 ? 'its parent' : 'its ancestor';
    context.report({
      path: ['spec', 'workloadRef', 'workloadName'],
      messageId: 'otherWorkload',
      data: { own, relation, ancestor: nameOf(ancestor.value) ?? '', theirs },
    });
  },
});
