import { defineRule } from '@platlint/core';
import { authenticators, AUTHN, obj } from './shared.js';
import { filled } from '../kit/objects.js';
import docs from './discovery-url-differs.md';

const trim = (url: string): string => url.replace(/\/+$/, '');

export default defineRule({
  meta: {
    id: 'config/discovery-url-differs',
    description: 'An issuer discoveryURL must differ from its url.',
    kinds: [AUTHN],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document C, AuthenticationConfiguration (Issuer.discoveryURL)',
    docs,
    messages: {
      sameAsIssuer: 'discoveryURL is the same as the issuer url; remove it or point it at the discovery document',
    },
  },
  check(context) {
    for (const { jwt, path } of authenticators(context)) {
      const issuer = obj(jwt.issuer);
      const url = issuer?.url;
      const discovery = issuer?.discoveryURL;
      if (filled(url) && filled(discovery) && trim(url) === trim(discovery)) {
        context.report({ path: [...path, 'issuer', 'discoveryURL'], messageId: 'sameAsIssuer' });
      }
    }
  },
});
