import { defineRule } from '@platlint/core';
import { MAX_DEPTH, ancestry, nameOf } from './hierarchy.js';
import { COMPOSITE_POD_GROUP, POD_GROUP } from './shared.js';

export default defineRule({
  meta: {
    id: 'scheduling/hierarchy-depth',
    description: 'A hierarchy of pod groups is at most 4 levels deep.',
    kinds: [POD_GROUP, COMPOSITE_POD_GROUP],
    severity: 'error',
    enforcedBy: 'advice',
    source: 'API document B, Limits ("Composite pod group hierarchy depth: at most 4")',
    crossDocument: [COMPOSITE_POD_GROUP],
    docs: [
      'Groups form a hierarchy through `spec.parentCompositePodGroupName`: a root CompositePodGroup is',
      'level 1, its children level 2, and so on. The spec limits the depth to 4. The API server accepts',
      'each object on its own; only the scheduler finds a deeper hierarchy at run time and marks it',
      'Invalid. The rule follows the parents among the CompositePodGroups of the run in the same',
      'namespace and reports each group at level 5, the first level too deep (deeper groups are only',
      'the consequence). A PodGroup counts as a level of the hierarchy it hangs in, like a',
      'CompositePodGroup. When a parent is missing from the run, the depth counted is a lower bound.',
      '',
      'Spec: document B, Limits, and CompositePodGroupStatus (reason `Invalid`: "depth above 4").',
      'Upstream (API server validation, CompositePodGroup) checks this only in the scheduler, not on admission, so the',
      'rule is advice (`enforcedBy: advice`), yet an error: such a group is certain never to be scheduled.',
      '',
      'Fails: a PodGroup under `l4`, under `l3`, under `l2`, under the root `l1` (level 5).',
      'Passes: the same PodGroup directly under `l3` (level 4).',
    ].join('\n'),
  },
  check(context) {
    const { ancestors, loopsAt } = ancestry(context);
    if (loopsAt !== undefined) return; // a cycle has no depth; scheduling/hierarchy-cycle reports it
    const level = ancestors.length + 1;
    if (level !== MAX_DEPTH + 1) return;
    const top = ancestors.at(-1);
    context.report({
      path: ['spec', 'parentCompositePodGroupName'],
      message: `this group is at level ${level} of the hierarchy under "${top ? nameOf(top.value) ?? '' : ''}"; a hierarchy is at most ${MAX_DEPTH} levels deep`,
    });
  },
});
