import { defineRule } from '@platlint/core';
import { BINDING, POLICY, isPolicy, resourceRulesOf, strings } from './shared.js';
import { listOf } from '../kit/objects.js';
import docs from './no-delete-operation.md';

export default defineRule({
  meta: {
    id: 'admission/no-delete-operation',
    description: 'A mutating admission policy cannot match DELETE; only CREATE, UPDATE, CONNECT or "*".',
    kinds: [POLICY, BINDING],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document C, MutatingAdmissionPolicy (MutatingAdmissionPolicySpec.matchConstraints)',
    fixable: true,
    docs,
    messages: {
      noDelete: 'DELETE cannot be matched by a mutating admission policy; use CREATE, UPDATE or CONNECT',
    },
  },
  check(context) {
    const severity = isPolicy(context) ? 'error' : 'warning';
    for (const { path, rule, include } of resourceRulesOf(context)) {
      if (!include) continue;
      const ops = listOf(rule.operations);
      const rest = strings(ops).filter((o) => o !== 'DELETE');
      ops.forEach((op, j) => {
        if (op !== 'DELETE') return;
        context.report({
          path: [...path, 'operations', j],
          severity,
          messageId: 'noDelete',
          ...(rest.length > 0 && rest.length === ops.length - 1 ? { fix: { removeItem: true, text: '' } } : {}),
        });
      });
    }
  },
});
