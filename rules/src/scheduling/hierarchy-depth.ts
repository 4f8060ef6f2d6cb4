import { defineRule } from '@platlint/core';
import { MAX_DEPTH, ancestry } from './hierarchy.js';
import { COMPOSITE_POD_GROUP, POD_GROUP } from './shared.js';
import { nameOf } from '../kit/objects.js';
import docs from './hierarchy-depth.md';

export default defineRule({
  meta: {
    id: 'scheduling/hierarchy-depth',
    description: 'A hierarchy of pod groups is at most 4 levels deep.',
    kinds: [POD_GROUP, COMPOSITE_POD_GROUP],
    severity: 'error',
    enforcedBy: 'advice',
    source: 'API document B, Limits ("Composite pod group hierarchy depth: at most 4")',
    crossDocument: [COMPOSITE_POD_GROUP],
    docs,
    messages: {
      tooDeep:
        'this group is at level {{level}} of the hierarchy under "{{top}}"; a hierarchy is at most {{maxDepth}} levels deep',
    },
  },
  check(context) {
    const { ancestors, loopsAt } = ancestry(context);
    if (loopsAt !== undefined) return; // a cycle has no depth; scheduling/hierarchy-cycle reports it
    const level = ancestors.length + 1;
    if (level !== MAX_DEPTH + 1) return;
    const top = ancestors.at(-1);
    context.report({
      path: ['spec', 'parentCompositePodGroupName'],
      messageId: 'tooDeep',
      data: { level, top: top ? (nameOf(top.value) ?? '') : '', maxDepth: MAX_DEPTH },
    });
  },
});
