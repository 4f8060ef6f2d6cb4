import { RuleTester } from '@platlint/core/testing';
import { authn, jwt } from './fixtures.js';
import rule from './authentication-cel.js';

RuleTester.run(rule, {
  valid: [
    {
      yaml: authn([
        jwt({
          claimRules: '- expression: claims.hd == "example.com"\n- expression: claims.?tenant.orValue("") != ""',
          mappings:
            'username:\n  expression: \'"sso:" + claims.sub\'\ngroups:\n  expression: claims.groups\nuid:\n  expression: claims.sub\nextra:\n  - key: example.com/teams\n    valueExpression: \'["a", "b"].filter(t, t != "")\'',
          userRules: '- expression: \'!user.username.startsWith("system:")\'\n- expression: user.extra.all(k, k != "")',
        }),
      ]),
    },
  ],
  invalid: [
    {
      name: 'a static cost estimate over the limit is advice: the server does not estimate cost when it loads the file',
      yaml: authn([
        jwt({ userRules: "- expression: 'user.groups.all(a, user.groups.all(b, user.groups.all(c, a == b || b == c)))'" }),
      ]),
      errors: [
        {
          path: 'jwt[0].userValidationRules[0].expression',
          messageId: 'celIssue',
          data: { issue: 'estimated cost 207003003002 exceeds the per-expression limit of 10000000', hint: '' },
          severity: 'warning',
        },
      ],
    },
    {
      name: 'a plain scalar: the wrong variable, pointed at',
      yaml: authn([jwt({ userRules: '- expression: claims.sub != ""' })]),
      errors: [
        {
          path: 'jwt[0].userValidationRules[0].expression',
          messageId: 'celIssue',
          data: { issue: 'unknown variable "claims"', hint: '; a user validation rule sees only the variable "user"' },
          line: 12,
          column: 21,
        },
      ],
    },
    {
      name: 'a block scalar: a non-bool claim rule and a username of the wrong type',
      yaml: `apiVersion: apiserver.plat.io/v1beta1
kind: AuthenticationConfiguration
jwt:
  - issuer:
      url: https://sso.example.com
      audiences: [api]
    claimValidationRules:
      - expression: |
          claims.admin
    claimMappings:
      username:
        expression: >-
          1 +
          2
anonymous: {enabled: false, conditions: []}
`,
      errors: [
        {
          path: 'jwt[0].claimValidationRules[0].expression',
          messageId: 'notStaticBool',
          data: { place: 'a claim validation rule', type: 'dyn' },
          line: 9,
          column: 11,
        },
        {
          path: 'jwt[0].claimMappings.username.expression',
          messageId: 'celIssue',
          data: { issue: 'expression must evaluate to string but got int', hint: '' },
          line: 13,
          column: 11,
          severity: 'warning',
        },
      ],
    },
    {
      name: 'a double-quoted scalar with escapes: a syntax error in an extra mapping',
      yaml: authn([
        jwt({
          mappings: 'username:\n  claim: sub\n  prefix: ""\nextra:\n  - key: example.com/x\n    valueExpression: "\\"a\\" + "',
        }),
      ]),
      errors: [
        {
          path: 'jwt[0].claimMappings.extra[0].valueExpression',
          messageId: 'celIssue',
          data: { issue: 'unexpected end of expression', hint: '' },
          line: 13,
          column: 37,
        },
      ],
    },
    {
      name: 'a single-quoted scalar: an unknown user field; the repeat is compiled once',
      yaml: authn([
        jwt({
          mappings: "username:\n  claim: sub\n  prefix: ''\ngroups:\n  expression: '1'",
          userRules: '- expression: \'user.name == ""\'\n- expression: \'user.name == ""\'',
        }),
      ]),
      errors: [
        {
          path: 'jwt[0].claimMappings.groups.expression',
          messageId: 'celIssue',
          data: { issue: 'expression must evaluate to string or list(string) but got int', hint: '' },
          line: 12,
          column: 22,
          severity: 'warning',
        },
        {
          path: 'jwt[0].userValidationRules[0].expression',
          messageId: 'celIssue',
          data: { issue: 'no such key "name" on User', hint: '' },
          line: 14,
          column: 27,
        },
      ],
    },
  ],
});
