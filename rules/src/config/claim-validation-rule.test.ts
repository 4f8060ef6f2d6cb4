import { RuleTester } from '@platlint/core/testing';
import { authn, jwt } from './fixtures.js';
import rule from './claim-validation-rule.js';

RuleTester.run(rule, {
  valid: [
    { yaml: authn([jwt({ claimRules: '- claim: hd\n  requiredValue: example.com\n- claim: tenant\n- expression: claims.hd == "example.com"\n  message: wrong domain' })]) },
    // Empty counts as unset on the server: these members are not "set" beside the other pair.
    { yaml: authn([jwt({ claimRules: '- claim: hd\n  message: ""\n- expression: claims.hd == "example.com"\n  requiredValue: ""' })]) },
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
        { path: 'jwt[0].claimValidationRules[0].claim', message: 'claim and expression are both set; a rule uses one of them', line: 8 },
        { path: 'jwt[0].claimValidationRules[0].expression', message: 'claim and expression are both set; a rule uses one of them', line: 9 },
        { path: 'jwt[0].claimValidationRules[1].claim', message: 'the rule needs a claim (with requiredValue) or an expression', line: 10 },
        { path: 'jwt[0].claimValidationRules[2].message', message: 'message is only used with an expression; remove it or turn the rule into an expression' },
        { path: 'jwt[0].claimValidationRules[3].requiredValue', message: 'requiredValue is only used with claim; compare the value in the expression instead' },
        { path: 'jwt[0].claimValidationRules[4].claim', message: 'the same claim is already checked by claimValidationRules[2]; remove the repeat' },
        { path: 'jwt[0].claimValidationRules[5].expression', message: 'the same expression is already checked by claimValidationRules[3]; remove the repeat' },
      ],
    },
  ],
});
