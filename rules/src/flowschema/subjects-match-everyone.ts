import { defineRule } from '@platlint/core';
import { FS_KIND, isJsonObject, listAt, nameOf, objAt, policyRules } from './shape.js';

const ALL = ['system:authenticated', 'system:unauthenticated'];

export default defineRule({
  meta: {
    id: 'flowschema/subjects-match-everyone',
    description: 'Subjects that list both system:authenticated and system:unauthenticated match every requester.',
    kinds: [FS_KIND],
    severity: 'info',
    enforcedBy: 'advice',
    source: 'API document B, FlowSchema (PolicyRulesWithSubjects.subjects)',
    docs: [
      'Every request is made either by an authenticated user (group `system:authenticated`) or',
      'anonymously (group `system:unauthenticated`). A subject list holding both groups therefore',
      'matches every requester, and the rule then selects requests by its resource and non-resource',
      'rules alone; any other subject of the list adds nothing. This is often meant (a catch-all',
      'schema), so the finding is informational. The built-in `catch-all` schema is not reported.',
      '',
      'Spec: document B, FlowSchema, PolicyRulesWithSubjects (`subjects`).',
      '',
      'Reported: `subjects: [{kind: Group, group: {name: system:authenticated}}, {kind: Group, group: {name: system:unauthenticated}}]`.',
      'Not reported: `subjects: [{kind: Group, group: {name: system:authenticated}}]`.',
    ].join('\n'),
  },
  check(context) {
    if (nameOf(context.value) === 'catch-all') return;
    for (const rule of policyRules(context.value)) {
      const groups = (listAt(rule.value, 'subjects') ?? []).flatMap((s) => (isJsonObject(s) && s.kind === 'Group' ? [objAt(s, 'group')?.name] : []));
      if (!ALL.every((g) => groups.includes(g))) continue;
      context.report({
        path: [...rule.path, 'subjects'],
        message: 'the groups "system:authenticated" and "system:unauthenticated" together match every requester; this rule selects requests by its resource and non-resource rules alone',
      });
    }
  },
});
