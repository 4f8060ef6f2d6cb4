import { defineRule } from '@platlint/core';
import { AUTHN, authenticators, list, obj } from './shared.js';

export default defineRule({
  meta: {
    id: 'config/audience-match-policy',
    description: 'An issuer with more than one audience must set audienceMatchPolicy: MatchAny.',
    kinds: [AUTHN],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (API server configuration loading, AuthenticationConfiguration)',
    docs: [
      'With several audiences, the API server needs to be told how they match the `aud` claim, and',
      'the only policy is `MatchAny` (a token is accepted when any audience matches). Leaving the',
      'policy out is rejected. Other values are reported structurally (`schema/enum`).',
      '',
      'Fails: `audiences: [a, b]` without `audienceMatchPolicy`.',
      'Passes: `audiences: [a, b]` with `audienceMatchPolicy: MatchAny`, or `audiences: [a]` alone.',
      '',
      'The spec leaves the values of AudienceMatchPolicyType open ("not shown"); this follows upstream.',
    ].join('\n'),
  },
  check(context) {
    for (const { jwt, path } of authenticators(context)) {
      const issuer = obj(jwt.issuer);
      const count = list(issuer?.audiences).length;
      if (count > 1 && issuer?.audienceMatchPolicy === undefined) {
        context.report({ path: [...path, 'issuer', 'audienceMatchPolicy'], message: `with ${count} audiences, audienceMatchPolicy must be set to MatchAny` });
      }
    }
  },
});
