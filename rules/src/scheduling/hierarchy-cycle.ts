import { compareRunOrder, defineRule } from '@platlint/core';
import { ancestry, nameOf } from './hierarchy.js';
import { COMPOSITE_POD_GROUP } from './shared.js';

export default defineRule({
  meta: {
    id: 'scheduling/hierarchy-cycle',
    description: 'The parents of CompositePodGroups do not form a cycle.',
    kinds: [COMPOSITE_POD_GROUP],
    severity: 'error',
    enforcedBy: 'advice',
    source: 'API document B, CompositePodGroup (condition reason Invalid: a cycle)',
    crossDocument: [COMPOSITE_POD_GROUP],
    docs: [
      'Following `spec.parentCompositePodGroupName` from group to group must end at a root, a group',
      'without a parent. When the chain comes back to where it started (a group that is its own',
      'parent, or `a` under `b` under `a`), the hierarchy has no root. The API server accepts each',
      'object on its own; only the scheduler finds the cycle at run time and marks the groups Invalid.',
      'The rule looks at the CompositePodGroups of the run in the same namespace and reports a cycle',
      'once, at the first of its members in the order of the run.',
      '',
      'Spec: document B, CompositePodGroupStatus (reason `Invalid`: "a cycle"). The API server',
      'admits each group (API server validation, CompositePodGroup), so the rule is advice (`enforcedBy: advice`), yet an',
      'error: a group in a cycle is certain never to be scheduled.',
      '',
      'Fails (two documents):',
      '```yaml',
      'metadata: {name: a, namespace: ml}',
      'spec: {parentCompositePodGroupName: b, ...}',
      '---',
      'metadata: {name: b, namespace: ml}',
      'spec: {parentCompositePodGroupName: a, ...}',
      '```',
      'Passes: the same with `b` a root (no parentCompositePodGroupName).',
    ].join('\n'),
  },
  check(context) {
    const { ancestors, loopsAt } = ancestry(context);
    const self = nameOf(context.value);
    // Only the members of the loop report it; groups hanging below a loop are not part of it.
    if (loopsAt === undefined || loopsAt !== self) return;
    const members = [context.object, ...ancestors];
    if (members.some((o) => compareRunOrder(o, context.object) < 0)) return;
    const names = [...members.map((o) => `"${nameOf(o.value) ?? ''}"`), `"${self}"`].join(' → ');
    context.report({
      path: ['spec', 'parentCompositePodGroupName'],
      message: `the parents form a cycle (${names}); the hierarchy needs a root group without a parent`,
    });
  },
});
