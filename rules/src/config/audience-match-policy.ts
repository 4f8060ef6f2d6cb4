import { defineRule } from '@platlint/core';
import { AUTHN, authenticators, list, obj, quote } from './shared.js';

export default defineRule({
  meta: {
    id: 'config/audience-match-policy',
    description: 'audienceMatchPolicy is MatchAny; it must be set with more than one audience.',
    kinds: [AUTHN],
    severity: 'error',
    enforcedBy: 'server',
    fixable: true,
    source: 'upstream (API server configuration loading, AuthenticationConfiguration)',
    docs: [
      'With several audiences, the API server needs to be told how they match the `aud` claim, and',
      'the only policy is `MatchAny` (a token is accepted when any audience matches): leaving the',
      'policy out, or empty, is refused. With one audience the policy may be left out, empty or',
      '`MatchAny`. Any other value is refused (values are case-sensitive).',
      '',
      'Fails: `audiences: [a, b]` without `audienceMatchPolicy`; `audienceMatchPolicy: matchany`.',
      'Passes: `audiences: [a, b]` with `audienceMatchPolicy: MatchAny`, or `audiences: [a]` alone.',
      '',
      'The spec leaves the values of AudienceMatchPolicyType open ("not shown"); this follows the',
      'server. An empty value counts as unset, so it is checked here rather than by `schema/enum`.',
    ].join('\n'),
  },
  check(context) {
    for (const { jwt, path } of authenticators(context)) {
      const issuer = obj(jwt.issuer);
      const count = list(issuer?.audiences).length;
      const policy = issuer?.audienceMatchPolicy;
      const at = [...path, 'issuer', 'audienceMatchPolicy'];
      const unset = policy === undefined || policy === null || policy === '';
      if (typeof policy === 'string' && !unset && policy !== 'MatchAny') {
        const fix = policy.toLowerCase() === 'matchany' ? { text: 'MatchAny' } : undefined;
        context.report({ path: at, message: `audienceMatchPolicy ${quote(policy)} is not supported; the only policy is MatchAny${fix ? ' (values are case-sensitive)' : ''}`, fix });
      } else if (count > 1 && unset) {
        context.report({ path: at, message: `with ${count} audiences, audienceMatchPolicy must be set to MatchAny`, target: 'missing' });
      }
    }
  },
});
