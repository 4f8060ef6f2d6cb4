import { defineRule } from '@platlint/core';
import { authenticators, AUTHN, forRepeats, obj } from './shared.js';
import { filled } from '../kit/objects.js';
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
    messages: {
      repeated: '{{field}} {{value}} is already used by jwt[{{firstIndex}}]; each authenticator needs its own',
    },
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
            messageId: 'repeated',
            data: { field, value: JSON.stringify(obj(later.jwt.issuer)?.[field]), firstIndex: String(first.path[1]) },
          }),
      );
    }
  },
});
