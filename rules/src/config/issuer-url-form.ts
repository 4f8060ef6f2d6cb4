import { defineRule } from '@platlint/core';
import { authenticators, AUTHN, obj } from './shared.js';
import { filled } from '../kit/objects.js';
import docs from './issuer-url-form.md';

export default defineRule({
  meta: {
    id: 'config/issuer-url-form',
    description: 'An issuer url or discoveryURL must not carry user info, a query or a fragment.',
    kinds: [AUTHN],
    severity: 'error',
    enforcedBy: 'server',
    source:
      'API document C, AuthenticationConfiguration (Issuer.url, Issuer.discoveryURL); upstream (API server configuration loading, AuthenticationConfiguration)',
    docs,
    messages: {
      userInfo: '{{field}} must not carry user info before "@"; remove it',
      query: '{{field}} must not have a query ("?..."); remove it',
      fragment: '{{field}} must not have a fragment ("#..."); remove it',
    },
  },
  check(context) {
    for (const { jwt, path } of authenticators(context)) {
      const issuer = obj(jwt.issuer);
      for (const field of ['url', 'discoveryURL'] as const) {
        const value = issuer?.[field];
        if (!filled(value)) continue;
        let url: URL;
        try {
          url = new URL(value);
        } catch {
          continue;
        }
        const at = [...path, 'issuer', field];
        if (url.username !== '' || url.password !== '') context.report({ path: at, messageId: 'userInfo', data: { field } });
        if (url.search !== '' || value.includes('?')) context.report({ path: at, messageId: 'query', data: { field } });
        if (url.hash !== '' || value.includes('#')) context.report({ path: at, messageId: 'fragment', data: { field } });
      }
    }
  },
});
