import { RuleTester } from '@platlint/core/testing';
import { authn, jwt } from './fixtures.js';
import rule from './claim-validation-rule.js';

RuleTester.run(rule, {
  valid: [
    {
      yaml: authn([
        jwt({
          claimRules:
            '- claim: hd\n  requiredValue: example.com\n- claim: tenant\n- expression: claims.hd == "example.com"\n  message: wrong domain',
        }),
      ]),
    },
    // Empty counts as unset on the server: these members are not "set" beside the other pair.
    {
      yaml: authn([
        jwt({ claimRules: '- claim: hd\n  message: ""\n- expression: claims.hd == "example.com"\n  requiredValue: ""' }),
      ]),
    },
  ],
  invalid: [
    {
      yaml: authn([
        jwt({
          claimRules: [
            '- claim: hd\n  expression: claims.hd == "a"',
            '- requiredValue: a',
            '- claim: hd\n  message: wrong domain',
            '- expression: claims.hd == "a"\n  requiredValue: a',
            '- claim: hd',
            '- expression: claims.hd == "a"',
          ].join('\n'),
        }),
      ]),
      errors: [
        { path: 'jwt[0].claimValidationRules[0].claim', messageId: 'both', line: 8 },
        { path: 'jwt[0].claimValidationRules[0].expression', messageId: 'both', line: 9 },
        { path: 'jwt[0].claimValidationRules[1].claim', messageId: 'neither', line: 10 },
        { path: 'jwt[0].claimValidationRules[2].message', messageId: 'messageWithClaim' },
        { path: 'jwt[0].claimValidationRules[3].requiredValue', messageId: 'requiredValueWithExpression' },
        { path: 'jwt[0].claimValidationRules[4].claim', messageId: 'repeated', data: { field: 'claim', firstIndex: 2 } },
        {
          path: 'jwt[0].claimValidationRules[5].expression',
          messageId: 'repeated',
          data: { field: 'expression', firstIndex: 3 },
        },
      ],
    },
  ],
});
