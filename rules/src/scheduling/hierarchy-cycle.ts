import { compareRunOrder, defineRule } from '@platlint/core';
import { ancestry } from './hierarchy.js';
import { COMPOSITE_POD_GROUP } from './shared.js';
import { nameOf } from '../kit/objects.js';
import docs from './hierarchy-cycle.md';

export default defineRule({
  meta: {
    id: 'scheduling/hierarchy-cycle',
    description: 'The parents of CompositePodGroups do not form a cycle.',
    kinds: [COMPOSITE_POD_GROUP],
    severity: 'error',
    enforcedBy: 'advice',
    source: 'API document B, CompositePodGroup (condition reason Invalid: a cycle)',
    crossDocument: [COMPOSITE_POD_GROUP],
    docs,
    messages: {
      cycle: 'the parents form a cycle ({{names}}); the hierarchy needs a root group without a parent',
    },
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
      messageId: 'cycle',
      data: { names },
    });
  },
});
