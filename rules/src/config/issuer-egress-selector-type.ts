import { defineRule } from '@platlint/core';
import { AUTHN, authenticators, obj, quote } from './shared.js';

const TYPES = ['controlplane', 'cluster'];

export default defineRule({
  meta: {
    id: 'config/issuer-egress-selector-type',
    description: 'An issuer egressSelectorType, when set, is controlplane or cluster.',
    kinds: [AUTHN],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document C, AuthenticationConfiguration (Issuer.egressSelectorType); upstream (API server configuration loading, AuthenticationConfiguration)',
    fixable: true,
    docs: [
      '`egressSelectorType` picks the egress selection used for all traffic to the issuer. The',
      'server accepts `controlplane` and `cluster` (case-sensitive) and refuses any other value.',
      'Left out or empty, no custom dialer is used.',
      '',
      'Fails: `egressSelectorType: etcd`',
      'Passes: `egressSelectorType: cluster`, or no egressSelectorType',
      '',
      'The spec names the same two values. An empty value counts as unset on the server, so it is',
      'checked here rather than by `schema/enum`. (The server also refuses every value when the',
      'StructuredAuthenticationConfigurationEgressSelector gate is off; it is on by default.)',
    ].join('\n'),
  },
  check(context) {
    for (const { jwt, path } of authenticators(context)) {
      const value = obj(jwt.issuer)?.egressSelectorType;
      if (typeof value !== 'string' || value === '' || TYPES.includes(value)) continue;
      const cased = TYPES.find((t) => t === value.toLowerCase());
      context.report({
        path: [...path, 'issuer', 'egressSelectorType'],
        message: `egressSelectorType ${quote(value)} is not supported; use controlplane or cluster${cased ? ' (values are case-sensitive)' : ''}`,
        fix: cased ? { text: cased } : undefined,
      });
    }
  },
});
