import { defineRule } from '@platlint/core';
import { AUTHN, authenticators, filled, forRepeats, obj } from './shared.js';
import docs from './issuer-url-unique.md';

export default defineRule({
  meta: {
    id: 'config/issuer-url-unique',
    description: 'Each issuer url and each discoveryURL may appear in only one JWT authenticator.',
    kinds: [AUTHN],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document C, AuthenticationConfiguration (Issuer; Authentication 3)',
    docs,
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
