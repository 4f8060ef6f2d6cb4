import { RuleTester } from '@platlint/core/testing';
import { authn, jwt } from './fixtures.js';
import rule from './audiences.js';

RuleTester.run(rule, {
  valid: [{ yaml: authn([jwt({ issuer: 'url: https://sso.example.com\naudiences: [a, b]\naudienceMatchPolicy: MatchAny' })]) }],
  invalid: [
    {
      yaml: authn([jwt({ issuer: 'url: https://sso.example.com\naudiences: [a, "", b, a]\naudienceMatchPolicy: MatchAny' })]),
      errors: [
        { path: 'jwt[0].issuer.audiences[1]', message: 'audience is empty; write the audience the tokens carry or remove the entry' },
        { path: 'jwt[0].issuer.audiences[3]', message: 'audience "a" is already listed at index 0; remove the repeat', line: 6, column: 29 },
      ],
    },
  ],
});
