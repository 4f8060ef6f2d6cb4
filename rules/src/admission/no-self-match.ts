import { defineRule } from '@platlint/core';
import { ADMISSION_GROUP, BINDING, POLICY, resourceRulesOf, strings } from './shared.js';
import { listOf } from '../kit/objects.js';
import docs from './no-self-match.md';

const SELF = new Set(['mutatingadmissionpolicies', 'mutatingadmissionpolicybindings']);

export default defineRule({
  meta: {
    id: 'admission/no-self-match',
    description:
      'A mutating admission policy never applies to MutatingAdmissionPolicy or MutatingAdmissionPolicyBinding objects.',
    kinds: [POLICY, BINDING],
    severity: 'warning',
    enforcedBy: 'advice',
    source: 'API document C, MutatingAdmissionPolicy (MutatingAdmissionPolicySpec.matchConstraints)',
    docs,
    messages: {
      selfMatch: '"{{r}}" names an admission policy kind, which a mutating admission policy can never match; remove it',
    },
  },
  check(context) {
    for (const { path, rule, include } of resourceRulesOf(context)) {
      if (!include) continue;
      const groups = strings(rule.apiGroups);
      if (!groups.includes('*') && !groups.includes(ADMISSION_GROUP)) continue;
      listOf(rule.resources).forEach((r, k) => {
        if (typeof r !== 'string') return;
        const base = r.split('/')[0] as string;
        if (SELF.has(base)) context.report({ path: [...path, 'resources', k], messageId: 'selfMatch', data: { r } });
      });
    }
  },
});
