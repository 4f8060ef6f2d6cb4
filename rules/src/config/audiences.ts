import { defineRule } from '@platlint/core';
import { AUTHN, authenticators, forRepeats, obj } from './shared.js';
import { listOf } from '../kit/objects.js';
import docs from './audiences.md';

export default defineRule({
  meta: {
    id: 'config/audiences',
    description: 'Issuer audiences must be non-empty strings, each listed once.',
    kinds: [AUTHN],
    severity: 'error',
    enforcedBy: 'server',
    source:
      'API document C, AuthenticationConfiguration (Issuer.audiences); upstream (API server configuration loading, AuthenticationConfiguration)',
    docs,
    messages: {
      empty: 'audience is empty; write the audience the tokens carry or remove the entry',
      repeated: 'audience {{audience}} is already listed at index {{firstIndex}}; remove the repeat',
    },
  },
  check(context) {
    for (const { jwt, path } of authenticators(context)) {
      const entries = listOf(obj(jwt.issuer)?.audiences).map((value, j) => ({ value, j }));
      for (const { value, j } of entries) {
        if (value === '') context.report({ path: [...path, 'issuer', 'audiences', j], messageId: 'empty' });
      }
      forRepeats(
        entries,
        (e) => (typeof e.value === 'string' && e.value !== '' ? e.value : undefined),
        (later, first) =>
          context.report({
            path: [...path, 'issuer', 'audiences', later.j],
            messageId: 'repeated',
            data: { audience: JSON.stringify(later.value), firstIndex: first.j },
          }),
      );
    }
  },
});
