import { defineRule } from '@platlint/core';
import { compositeNamed, namespaceOf, parentOf } from './hierarchy.js';
import { COMPOSITE_POD_GROUP, POD_GROUP } from './shared.js';
import docs from './parent-exists.md';

export default defineRule({
  meta: {
    id: 'scheduling/parent-exists',
    description: 'The parent CompositePodGroup of a group is among the manifests of its namespace.',
    kinds: [POD_GROUP, COMPOSITE_POD_GROUP],
    severity: 'warning',
    enforcedBy: 'advice',
    source: 'API document B, CompositePodGroup, API document B, PodGroup (parentCompositePodGroupName: "in the same namespace")',
    crossDocument: [COMPOSITE_POD_GROUP],
    docs,
    messages: {
      noParent:
        'no CompositePodGroup "{{parent}}" {{where}} is among the manifests linted; check the name, or lint the parent together with this group',
    },
  },
  check(context) {
    const parent = parentOf(context.value);
    if (parent === undefined) return;
    const namespace = namespaceOf(context.value);
    if (compositeNamed(context, parent, namespace) || context.index.count(COMPOSITE_POD_GROUP, namespace) === 0) return;
    const where = namespace === '' ? 'without a namespace' : `in namespace "${namespace}"`;
    context.report({
      path: ['spec', 'parentCompositePodGroupName'],
      messageId: 'noParent',
      data: { parent, where },
    });
  },
});
