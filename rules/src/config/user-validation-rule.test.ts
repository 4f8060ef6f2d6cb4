import { RuleTester } from '@platlint/core/testing';
import { authn, jwt } from './fixtures.js';
import rule from './user-validation-rule.js';

RuleTester.run(rule, {
  valid: [
    {
      yaml: authn([
        jwt({ userRules: '- expression: \'!user.username.startsWith("system:")\'\n- expression: user.groups.size() < 100' }),
      ]),
    },
  ],
  invalid: [
    {
      yaml: authn([jwt({ userRules: '- expression: " "\n- expression: user.uid != ""\n- expression: user.uid != ""' })]),
      errors: [
        { path: 'jwt[0].userValidationRules[0].expression', messageId: 'empty' },
        { path: 'jwt[0].userValidationRules[2].expression', messageId: 'repeated', data: { firstIndex: 1 } },
      ],
    },
  ],
});
