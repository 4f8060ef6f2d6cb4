import { RuleTester } from '@platlint/core/testing';
import { authn, jwt } from './fixtures.js';
import rule from './audience-match-policy.js';

const issuer = (rest: string): string => authn([jwt({ issuer: `url: https://sso.example.com\n${rest}` })]);

RuleTester.run(rule, {
  valid: [
    { yaml: issuer('audiences: [a, b]\naudienceMatchPolicy: MatchAny') },
    { yaml: issuer('audiences: [a]') },
    { yaml: issuer('audiences: [a]\naudienceMatchPolicy: MatchAny') },
    // An empty policy counts as unset, which one audience allows (A11).
    { yaml: issuer('audiences: [a]\naudienceMatchPolicy: ""') },
  ],
  invalid: [
    {
      yaml: issuer('audiences: [a, b]'),
      errors: [{ path: 'jwt[0].issuer.audienceMatchPolicy', messageId: 'required', data: { count: 2 }, line: 4 }],
    },
    {
      yaml: issuer('audiences: [a, b]\naudienceMatchPolicy: ""'),
      errors: [{ path: 'jwt[0].issuer.audienceMatchPolicy', messageId: 'required', data: { count: 2 } }],
    },
    {
      yaml: issuer('audiences: [a]\naudienceMatchPolicy: matchany'),
      errors: [
        {
          path: 'jwt[0].issuer.audienceMatchPolicy',
          messageId: 'unsupported',
          data: { policy: '"matchany"', caseNote: ' (values are case-sensitive)' },
          fix: 'MatchAny',
        },
      ],
    },
    {
      yaml: issuer('audiences: [a, b]\naudienceMatchPolicy: MatchAll'),
      errors: [
        { path: 'jwt[0].issuer.audienceMatchPolicy', messageId: 'unsupported', data: { policy: '"MatchAll"', caseNote: '' } },
      ],
    },
  ],
});
