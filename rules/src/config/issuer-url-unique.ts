import { defineRule } from '@platlint/core';
import { AUTHN, authenticators, filled, forRepeats, obj } from './shared.js';

export default defineRule({
  meta: {
    id: 'config/issuer-url-unique',
    description: 'Each issuer url and each discoveryURL may appear in only one JWT authenticator.',
    kinds: [AUTHN],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document C, AuthenticationConfiguration (Issuer; Authentication 3)',
    docs: [
      'Issuer URLs, and discovery URLs where set, are unique across JWT authenticators, so that at',
      'most one authenticator validates a given token. A repeat is reported at the later authenticator.',
      '',
      'Fails: two entries of `jwt` with `issuer.url: https://sso.example.com`.',
      'Passes: each entry with its own issuer.',
      '',
      'Upstream agrees; an empty discoveryURL counts as absent.',
    ].join('\n'),
  },
  check(context) {
    const all = authenticators(context);
    for (const field of ['url', 'discoveryURL'] as const) {
      forRepeats(
        all,
        ({ jwt }) => {
          const value = obj(jwt.issuer)?.[field];
          return filled(value) ? value : undefined;
        },
        (later, first) =>
          context.report({
            path: [...later.path, 'issuer', field],
            message: `${field} ${JSON.stringify(obj(later.jwt.issuer)?.[field])} is already used by jwt[${String(first.path[1])}]; each authenticator needs its own`,
          }),
      );
    }
  },
});
