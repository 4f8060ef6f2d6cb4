import { RuleTester } from '@platlint/core/testing';
import { authn, jwt } from './fixtures.js';
import rule from './audiences.js';

RuleTester.run(rule, {
  valid: [{ yaml: authn([jwt({ issuer: 'url: https://sso.example.com\naudiences: [a, b]\naudienceMatchPolicy: MatchAny' })]) }],
  invalid: [
    {
      yaml: authn([jwt({ issuer: 'url: https://sso.example.com\naudiences: [a, "", b, a]\naudienceMatchPolicy: MatchAny' })]),
      errors: [
        { path: 'jwt[0].issuer.audiences[1]', messageId: 'empty' },
        {
          path: 'jwt[0].issuer.audiences[3]',
          messageId: 'repeated',
          data: { audience: '"a"', firstIndex: 0 },
          line: 6,
          column: 29,
        },
      ],
    },
  ],
});
