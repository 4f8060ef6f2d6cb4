import { RuleTester } from '@platlint/core/testing';
import { authn, jwt } from './fixtures.js';
import rule from './claim-or-expression.js';

RuleTester.run(rule, {
  valid: [
    { yaml: authn([jwt({ mappings: 'username:\n  claim: sub\n  prefix: ""\ngroups:\n  prefix: ""\nuid:\n  expression: claims.sub' })]) },
    { yaml: authn([jwt({ mappings: 'username:\n  expression: claims.sub\ngroups: {}\nuid:\n  claim: sub' })]) },
  ],
  invalid: [
    {
      yaml: authn([jwt({ mappings: 'username:\n  claim: sub\n  expression: claims.sub\ngroups:\n  claim: groups\n  prefix: ""\n  expression: claims.groups\nuid: {}' })]),
      errors: [
        { path: 'jwt[0].claimMappings.username.claim', message: 'username sets both claim and expression; keep one of them', line: 9 },
        { path: 'jwt[0].claimMappings.username.expression', message: 'username sets both claim and expression; keep one of them', line: 10 },
        { path: 'jwt[0].claimMappings.groups.claim', message: 'groups sets both claim and expression; keep one of them' },
        { path: 'jwt[0].claimMappings.groups.expression', message: 'groups sets both claim and expression; keep one of them' },
        // The server loads a uid section with neither member; the spec asks for one.
        { path: 'jwt[0].claimMappings.uid.claim', message: 'uid needs a claim or an expression', severity: 'warning', line: 15 },
      ],
    },
    {
      name: 'an empty string counts as unset',
      yaml: authn([jwt({ mappings: 'username:\n  claim: ""\n  expression: ""' })]),
      errors: [{ path: 'jwt[0].claimMappings.username.claim', message: 'username needs a claim or an expression', line: 9 }],
    },
  ],
});
