import { defineRule } from '@platlint/core';
import { AUTHN, authenticators, obj, quote } from './shared.js';
import { listOf } from '../kit/objects.js';
import docs from './audience-match-policy.md';

export default defineRule({
  meta: {
    id: 'config/audience-match-policy',
    description: 'audienceMatchPolicy is MatchAny; it must be set with more than one audience.',
    kinds: [AUTHN],
    severity: 'error',
    enforcedBy: 'server',
    fixable: true,
    source: 'upstream (API server configuration loading, AuthenticationConfiguration)',
    docs,
    messages: {
      unsupported: 'audienceMatchPolicy {{policy}} is not supported; the only policy is MatchAny{{caseNote}}',
      required: 'with {{count}} audiences, audienceMatchPolicy must be set to MatchAny',
    },
  },
  check(context) {
    for (const { jwt, path } of authenticators(context)) {
      const issuer = obj(jwt.issuer);
      const count = listOf(issuer?.audiences).length;
      const policy = issuer?.audienceMatchPolicy;
      const at = [...path, 'issuer', 'audienceMatchPolicy'];
      const unset = policy === undefined || policy === null || policy === '';
      if (typeof policy === 'string' && !unset && policy !== 'MatchAny') {
        const fix = policy.toLowerCase() === 'matchany' ? { text: 'MatchAny' } : undefined;
        context.report({
          path: at,
          messageId: 'unsupported',
          data: { policy: quote(policy), caseNote: fix ? ' (values are case-sensitive)' : '' },
          fix,
        });
      } else if (count > 1 && unset) {
        context.report({ path: at, messageId: 'required', data: { count }, target: 'missing' });
      }
    }
  },
});
