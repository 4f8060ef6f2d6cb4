import { defineRule } from '@platlint/core';
import { FS_KIND, policyRules } from './shape.js';
import { isObject, listAt, nameOf, objAt } from '../kit/objects.js';
import docs from './subjects-match-everyone.md';

const ALL = ['system:authenticated', 'system:unauthenticated'];

export default defineRule({
  meta: {
    id: 'flowschema/subjects-match-everyone',
    description: 'Subjects that list both system:authenticated and system:unauthenticated match every requester.',
    kinds: [FS_KIND],
    severity: 'info',
    enforcedBy: 'advice',
    source: 'API document B, FlowSchema (PolicyRulesWithSubjects.subjects)',
    docs,
    messages: {
      matchesEveryone:
        'the groups "system:authenticated" and "system:unauthenticated" together match every requester; this rule selects requests by its resource and non-resource rules alone',
    },
  },
  check(context) {
    if (nameOf(context.value) === 'catch-all') return;
    for (const rule of policyRules(context.value)) {
      const groups = (listAt(rule.value, 'subjects') ?? []).flatMap((s) =>
        isObject(s) && s.kind === 'Group' ? [objAt(s, 'group')?.name] : [],
      );
      if (!ALL.every((g) => groups.includes(g))) continue;
      context.report({
        path: [...rule.path, 'subjects'],
        messageId: 'matchesEveryone',
      });
    }
  },
});
