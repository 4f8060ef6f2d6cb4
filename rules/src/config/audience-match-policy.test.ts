import { RuleTester } from '@platlint/core/testing';
import { authn, jwt } from './fixtures.js';
import rule from './audience-match-policy.js';

RuleTester.run(rule, {
  valid: [
    { yaml: authn([jwt({ issuer: 'url: https://sso.example.com\naudiences: [a, b]\naudienceMatchPolicy: MatchAny' })]) },
    { yaml: authn([jwt({ issuer: 'url: https://sso.example.com\naudiences: [a]' })]) },
    { yaml: authn([jwt({ issuer: 'url: https://sso.example.com\naudiences: [a]\naudienceMatchPolicy: MatchAny' })]) },
  ],
  invalid: [
    {
      yaml: authn([jwt({ issuer: 'url: https://sso.example.com\naudiences: [a, b]' })]),
      errors: [{ path: 'jwt[0].issuer.audienceMatchPolicy', message: 'with 2 audiences, audienceMatchPolicy must be set to MatchAny' }],
    },
  ],
});
