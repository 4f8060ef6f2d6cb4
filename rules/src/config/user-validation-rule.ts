import { defineRule } from '@platlint/core';
import type { FieldPath } from '@platlint/core';
import { AUTHN, authenticators, forRepeats, list, obj } from './shared.js';

export default defineRule({
  meta: {
    id: 'config/user-validation-rule',
    description: 'A user validation rule needs a non-empty expression, not repeated.',
    kinds: [AUTHN],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document C, AuthenticationConfiguration (UserValidationRule); upstream (API server configuration loading, AuthenticationConfiguration)',
    docs: [
      'Each user validation rule is a CEL expression over `user` that must be true. An empty',
      'expression checks nothing, and the same expression twice is a slip (reported at the later',
      'rule). The expressions are compiled by `config/authentication-cel`.',
      '',
      'Fails: `userValidationRules: [{expression: ""}]`',
      'Passes: `userValidationRules: [{expression: \'!user.username.startsWith("system:")\'}]`',
      '',
      'Upstream agrees.',
    ].join('\n'),
  },
  check(context) {
    for (const { jwt, path } of authenticators(context)) {
      const rules = list(jwt.userValidationRules).flatMap((r, j) => {
        const expression = obj(r)?.expression;
        return typeof expression === 'string' ? [{ expression, at: [...path, 'userValidationRules', j, 'expression'] as FieldPath }] : [];
      });
      for (const { expression, at } of rules) {
        if (expression.trim() === '') context.report({ path: at, message: 'expression is empty; write a CEL expression over user that must be true' });
      }
      forRepeats(
        rules,
        (r) => (r.expression.trim() === '' ? undefined : r.expression),
        (later, first) => context.report({ path: later.at, message: `the same expression is already userValidationRules[${String(first.at[3])}]; remove the repeat` }),
      );
    }
  },
});
