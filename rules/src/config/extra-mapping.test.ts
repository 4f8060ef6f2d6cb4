import { RuleTester } from '@platlint/core/testing';
import { authn, jwt } from './fixtures.js';
import rule from './extra-mapping.js';

const extra = (entries: [string, string][]): string =>
  `username:\n  claim: sub\n  prefix: ""\nextra:\n${entries.map(([k, v]) => `  - key: ${JSON.stringify(k)}\n    valueExpression: ${JSON.stringify(v)}`).join('\n')}`;

RuleTester.run(rule, {
  valid: [
    {
      yaml: authn([
        jwt({
          mappings: extra([
            ['example.com/department', 'claims.dept'],
            ['aplat.io/x', 'claims.x'],
            ['example.com/a/b~c', '[claims.x]'],
          ]),
        }),
      ]),
    },
  ],
  invalid: [
    {
      yaml: authn([
        jwt({
          mappings: extra([
            ['', 'claims.a'],
            ['department', 'claims.a'],
            ['Example.com/Dept', 'claims.a'],
            ['example.com/', 'claims.a'],
            ['auth.plat.io/x', 'claims.a'],
            ['example.com/dept', ' '],
            ['example.com/dept', 'claims.b'],
          ]),
        }),
      ]),
      errors: [
        { path: 'jwt[0].claimMappings.extra[0].key', messageId: 'emptyKey' },
        {
          path: 'jwt[0].claimMappings.extra[1].key',
          messageId: 'badKey',
          data: { problem: 'key "department" is not domain-prefixed; write it as "example.com/department"' },
        },
        {
          path: 'jwt[0].claimMappings.extra[2].key',
          messageId: 'upperCaseKey',
          data: { key: '"Example.com/Dept"' },
          fix: '"example.com/dept"',
        },
        {
          path: 'jwt[0].claimMappings.extra[3].key',
          messageId: 'badKey',
          data: {
            problem:
              'the path after "example.com/" must be non-empty URL path characters (letters, digits and -._~%!$&\'()*+,;=:/)',
          },
        },
        {
          path: 'jwt[0].claimMappings.extra[4].key',
          messageId: 'reservedDomain',
          data: { key: '"auth.plat.io/x"', reserved: 'plat.io' },
        },
        { path: 'jwt[0].claimMappings.extra[5].valueExpression', messageId: 'emptyExpression' },
        {
          path: 'jwt[0].claimMappings.extra[6].key',
          messageId: 'repeatedKey',
          data: { key: '"example.com/dept"', firstIndex: 5 },
        },
      ],
    },
    {
      yaml: authn([jwt({ mappings: extra([['exa_mple.com/x', 'claims.a']]) })]),
      errors: [
        {
          path: 'jwt[0].claimMappings.extra[0].key',
          messageId: 'badKey',
          data: {
            problem: `the domain "exa_mple.com" of key "exa_mple.com/x" is not a DNS subdomain: use lowercase letters, digits, '-' and '.', each part starting and ending with a letter or digit`,
          },
        },
      ],
    },
  ],
});
