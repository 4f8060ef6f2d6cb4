import { RuleTester } from '@platlint/core/testing';
import { authn, jwt } from './fixtures.js';
import rule from './claim-or-expression.js';

RuleTester.run(rule, {
  valid: [
    {
      yaml: authn([
        jwt({ mappings: 'username:\n  claim: sub\n  prefix: ""\ngroups:\n  prefix: ""\nuid:\n  expression: claims.sub' }),
      ]),
    },
    { yaml: authn([jwt({ mappings: 'username:\n  expression: claims.sub\ngroups: {}\nuid:\n  claim: sub' })]) },
  ],
  invalid: [
    {
      yaml: authn([
        jwt({
          mappings:
            'username:\n  claim: sub\n  expression: claims.sub\ngroups:\n  claim: groups\n  prefix: ""\n  expression: claims.groups\nuid: {}',
        }),
      ]),
      errors: [
        { path: 'jwt[0].claimMappings.username.claim', messageId: 'both', data: { field: 'username' }, line: 9 },
        { path: 'jwt[0].claimMappings.username.expression', messageId: 'both', data: { field: 'username' }, line: 10 },
        { path: 'jwt[0].claimMappings.groups.claim', messageId: 'both', data: { field: 'groups' } },
        { path: 'jwt[0].claimMappings.groups.expression', messageId: 'both', data: { field: 'groups' } },
        // The server loads a uid section with neither member; the spec asks for one.
        { path: 'jwt[0].claimMappings.uid.claim', messageId: 'neither', data: { field: 'uid' }, severity: 'warning', line: 15 },
      ],
    },
    {
      name: 'an empty string counts as unset',
      yaml: authn([jwt({ mappings: 'username:\n  claim: ""\n  expression: ""' })]),
      errors: [{ path: 'jwt[0].claimMappings.username.claim', messageId: 'neither', data: { field: 'username' }, line: 9 }],
    },
  ],
});
