import { defineRule } from '@platlint/core';
import { compositeNamed, namespaceOf, parentOf } from './hierarchy.js';
import { COMPOSITE_POD_GROUP, POD_GROUP } from './shared.js';

export default defineRule({
  meta: {
    id: 'scheduling/parent-exists',
    description: 'The parent CompositePodGroup of a group is among the manifests of its namespace.',
    kinds: [POD_GROUP, COMPOSITE_POD_GROUP],
    severity: 'warning',
    enforcedBy: 'advice',
    source: 'API document B, CompositePodGroup, API document B, PodGroup (parentCompositePodGroupName: "in the same namespace")',
    crossDocument: [COMPOSITE_POD_GROUP],
    docs: [
      '`spec.parentCompositePodGroupName` names the parent CompositePodGroup in the same namespace.',
      'The API server accepts any DNS name there; a parent that does not exist is only noticed by the',
      'scheduler, which cannot place the group in a hierarchy it cannot see. When the manifests linted',
      'together hold CompositePodGroups of the namespace but none of that name, the name is probably',
      'misspelt or the parent was left out of the set. The rule stays silent when the run holds no',
      'CompositePodGroup of the namespace at all (the parent may well be deployed separately), and it',
      'is a warning, since the parent may exist in the cluster.',
      '',
      'Spec: document B, CompositePodGroupSpec and PodGroupSpec (parentCompositePodGroupName).',
      '',
      'Fails (with a CompositePodGroup `llm-root` in the same run and namespace):',
      '```yaml',
      'spec:',
      '  parentCompositePodGroupName: llm-rot',
      '```',
      'Passes:',
      '```yaml',
      'spec:',
      '  parentCompositePodGroupName: llm-root',
      '```',
    ].join('\n'),
  },
  check(context) {
    const parent = parentOf(context.value);
    if (parent === undefined) return;
    const namespace = namespaceOf(context.value);
    if (compositeNamed(context, parent, namespace) || context.index.count(COMPOSITE_POD_GROUP, namespace) === 0) return;
    const where = namespace === '' ? 'without a namespace' : `in namespace "${namespace}"`;
    context.report({
      path: ['spec', 'parentCompositePodGroupName'],
      message: `no CompositePodGroup "${parent}" ${where} is among the manifests linted; check the name, or lint the parent together with this group`,
    });
  },
});
