import { defineRule } from '@platlint/core';
import { AUTHN, authenticators, obj, quote } from './shared.js';
import docs from './issuer-egress-selector-type.md';

const TYPES = ['controlplane', 'cluster'];

export default defineRule({
  meta: {
    id: 'config/issuer-egress-selector-type',
    description: 'An issuer egressSelectorType, when set, is controlplane or cluster.',
    kinds: [AUTHN],
    severity: 'error',
    enforcedBy: 'server',
    source:
      'API document C, AuthenticationConfiguration (Issuer.egressSelectorType); upstream (API server configuration loading, AuthenticationConfiguration)',
    fixable: true,
    docs,
    messages: {
      unsupported: 'egressSelectorType {{value}} is not supported; use controlplane or cluster{{caseNote}}',
    },
  },
  check(context) {
    for (const { jwt, path } of authenticators(context)) {
      const value = obj(jwt.issuer)?.egressSelectorType;
      if (typeof value !== 'string' || value === '' || TYPES.includes(value)) continue;
      const cased = TYPES.find((t) => t === value.toLowerCase());
      context.report({
        path: [...path, 'issuer', 'egressSelectorType'],
        messageId: 'unsupported',
        data: { value: quote(value), caseNote: cased ? ' (values are case-sensitive)' : '' },
        fix: cased ? { text: cased } : undefined,
      });
    }
  },
});
