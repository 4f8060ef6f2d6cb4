import { RuleTester } from '@platlint/core/testing';
import { authn, jwt } from './fixtures.js';
import rule from './claim-prefix.js';

RuleTester.run(rule, {
  valid: [
    { yaml: authn([jwt({ mappings: 'username:\n  claim: sub\n  prefix: ""\ngroups:\n  expression: claims.groups' })]) },
    {
      yaml: authn([
        jwt({ mappings: 'username:\n  expression: \'"sso:" + claims.sub\'\ngroups:\n  claim: groups\n  prefix: "sso:"' }),
      ]),
    },
  ],
  invalid: [
    {
      yaml: authn([jwt({ mappings: 'username:\n  claim: sub\ngroups:\n  expression: claims.groups\n  prefix: "sso:"' })]),
      errors: [
        { path: 'jwt[0].claimMappings.username.prefix', messageId: 'prefixRequired', data: { field: 'username' } },
        { path: 'jwt[0].claimMappings.groups.prefix', messageId: 'prefixWithExpression', line: 12, column: 9 },
      ],
    },
    {
      name: 'prefix: null counts as absent',
      yaml: authn([jwt({ mappings: 'username:\n  claim: sub\n  prefix: null' })]),
      errors: [{ path: 'jwt[0].claimMappings.username.prefix', messageId: 'prefixRequired', data: { field: 'username' } }],
    },
  ],
});
