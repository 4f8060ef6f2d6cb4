import { defineRule } from '@platlint/core';
import { AUTHN, authenticators, filled, obj } from './shared.js';

const trim = (url: string): string => url.replace(/\/+$/, '');

export default defineRule({
  meta: {
    id: 'config/discovery-url-differs',
    description: 'An issuer discoveryURL must differ from its url.',
    kinds: [AUTHN],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document C, AuthenticationConfiguration (Issuer.discoveryURL)',
    docs: [
      '`discoveryURL` overrides where the discovery document is read; set to the issuer `url`',
      'itself it overrides nothing, and it is rejected. Trailing slashes are ignored in the',
      'comparison. Leave the field out to use `{url}/.well-known/openid-configuration`.',
      '',
      'Fails: `url: https://sso.example.com`, `discoveryURL: https://sso.example.com/`',
      'Passes: `discoveryURL: https://sso.internal.example.com/.well-known/openid-configuration`',
      '',
      'Upstream compares the same way.',
    ].join('\n'),
  },
  check(context) {
    for (const { jwt, path } of authenticators(context)) {
      const issuer = obj(jwt.issuer);
      const url = issuer?.url;
      const discovery = issuer?.discoveryURL;
      if (filled(url) && filled(discovery) && trim(url) === trim(discovery)) {
        context.report({ path: [...path, 'issuer', 'discoveryURL'], message: 'discoveryURL is the same as the issuer url; remove it or point it at the discovery document' });
      }
    }
  },
});
