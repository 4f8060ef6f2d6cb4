import { RuleTester } from '@platlint/core/testing';
import { describe, expect, it } from 'vitest';
import { claimSelections } from './claim-selections.js';
import { authn, jwt } from './fixtures.js';
import rule from './email-verified.js';

const username = (expression: string): string => `username:\n  expression: '${expression}'`;

RuleTester.run(rule, {
  valid: [
    {
      name: 'checked in the username expression',
      yaml: authn([jwt({ mappings: username('claims.email_verified ? claims.email : claims.sub') })]),
    },
    {
      name: 'checked in a claim validation rule',
      yaml: authn([jwt({ mappings: username('claims.email'), claimRules: '- expression: claims.email_verified == true' })]),
    },
    {
      name: 'checked in an extra mapping',
      yaml: authn([
        jwt({
          mappings: `${username('claims.?email.orValue("")')}\nextra:\n  - key: example.com/verified\n    valueExpression: 'string(claims.email_verified)'`,
        }),
      ]),
    },
    { name: 'claim: email is not CEL', yaml: authn([jwt({ mappings: 'username:\n  claim: email\n  prefix: ""' })]) },
    {
      name: 'email inside a string or selected from another value',
      yaml: authn([jwt({ mappings: username('"claims.email" + claims.x.claims.email') })]),
    },
  ],
  invalid: [
    {
      yaml: authn([jwt({ mappings: username('claims.email') })]),
      errors: [{ path: 'jwt[0].claimMappings.username.expression', messageId: 'unverifiedEmail', line: 9 }],
    },
    {
      name: 'optional selection, a claim rule, a groups check and a failing expression do not count',
      yaml: authn([
        jwt({
          mappings: `${username('[claims.?email].map(e, e.orValue(""))[0]')}\ngroups:\n  expression: 'claims.email_verified ? ["v"] : []'`,
          claimRules: '- claim: email_verified\n  requiredValue: "true"\n- expression: claims.email_verified',
        }),
      ]),
      errors: [{ path: 'jwt[0].claimMappings.username.expression', message: /^the username uses claims\.email/ }],
    },
  ],
});

describe('claimSelections', () => {
  it('reads direct selections only', () => {
    expect([
      ...claimSelections('claims.a + claims.?b + x.claims.c + "claims.d" + r\'claims.e\' + claims . f // claims.g'),
    ]).toEqual(['a', 'b', 'f']);
    expect([...claimSelections('"""claims.a""" + has(claims.h)')]).toEqual(['h']);
  });
});
