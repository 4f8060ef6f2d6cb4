import { defineRule } from '@platlint/core';
import type { FieldPath } from '@platlint/core';
import { AUTHN, authenticators, forRepeats, obj } from './shared.js';
import { listOf } from '../kit/objects.js';
import docs from './user-validation-rule.md';

export default defineRule({
  meta: {
    id: 'config/user-validation-rule',
    description: 'A user validation rule needs a non-empty expression, not repeated.',
    kinds: [AUTHN],
    severity: 'error',
    enforcedBy: 'server',
    source:
      'API document C, AuthenticationConfiguration (UserValidationRule); upstream (API server configuration loading, AuthenticationConfiguration)',
    docs,
    messages: {
      empty: 'expression is empty; write a CEL expression over user that must be true',
      repeated: 'the same expression is already userValidationRules[{{firstIndex}}]; remove the repeat',
    },
  },
  check(context) {
    for (const { jwt, path } of authenticators(context)) {
      const rules = listOf(jwt.userValidationRules).flatMap((r, j) => {
        const expression = obj(r)?.expression;
        return typeof expression === 'string'
          ? [{ expression, at: [...path, 'userValidationRules', j, 'expression'] as FieldPath }]
          : [];
      });
      for (const { expression, at } of rules) {
        if (expression.trim() === '') context.report({ path: at, messageId: 'empty' });
      }
      forRepeats(
        rules,
        (r) => (r.expression.trim() === '' ? undefined : r.expression),
        (later, first) => context.report({ path: later.at, messageId: 'repeated', data: { firstIndex: String(first.at[3]) } }),
      );
    }
  },
});
