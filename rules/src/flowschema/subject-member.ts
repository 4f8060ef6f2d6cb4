import { defineRule } from '@platlint/core';
import { FS_KIND, policyRules } from './shape.js';
import { isObject, listAt } from '../kit/objects.js';
import docs from './subject-member.md';

const MEMBER: Record<string, string> = { User: 'user', Group: 'group', ServiceAccount: 'serviceAccount' };
const EXAMPLE: Record<string, string> = {
  user: '{name: alice}',
  group: '{name: ops}',
  serviceAccount: '{name: deployer, namespace: team-a}',
};

export default defineRule({
  meta: {
    id: 'flowschema/subject-member',
    description: 'A FlowSchema subject sets exactly the member its kind names (user, group or serviceAccount).',
    kinds: [FS_KIND],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document B, FlowSchema (Subject); upstream (API server validation, FlowSchema)',
    docs,
    messages: {
      missingMember: 'kind "{{kind}}" needs the {{wanted}} member, e.g. {{wanted}}: {{example}}',
      otherMember: '{{other}} is not allowed when kind is "{{kind}}"; set kind to match the member or remove {{other}}',
    },
  },
  check(context) {
    for (const rule of policyRules(context.value)) {
      (listAt(rule.value, 'subjects') ?? []).forEach((subject, j) => {
        if (!isObject(subject) || typeof subject.kind !== 'string') return;
        const wanted = MEMBER[subject.kind];
        if (wanted === undefined) return; // schema/enum reports the kind
        const path = [...rule.path, 'subjects', j];
        if (subject[wanted] === undefined || subject[wanted] === null) {
          context.report({
            path: [...path, wanted],
            target: 'key',
            messageId: 'missingMember',
            data: { kind: subject.kind, wanted, example: String(EXAMPLE[wanted]) },
          });
        }
        for (const other of Object.values(MEMBER)) {
          if (other === wanted || subject[other] === undefined) continue;
          context.report({
            path: [...path, other],
            target: 'key',
            messageId: 'otherMember',
            data: { other, kind: subject.kind },
          });
        }
      });
    }
  },
});
