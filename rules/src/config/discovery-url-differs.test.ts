import { RuleTester } from '@platlint/core/testing';
import { authn, jwt } from './fixtures.js';
import rule from './discovery-url-differs.js';

RuleTester.run(rule, {
  valid: [
    {
      yaml: authn([
        jwt({
          issuer:
            'url: https://sso.example.com\ndiscoveryURL: https://sso.example.com/.well-known/openid-configuration\naudiences: [api]',
        }),
      ]),
    },
    {
      yaml: authn([jwt({ issuer: 'url: https://sso.example.com/a\ndiscoveryURL: https://sso.example.com/b\naudiences: [api]' })]),
    },
  ],
  invalid: [
    {
      name: 'trailing slashes are ignored',
      yaml: authn([
        jwt({ issuer: 'url: https://sso.example.com/realm\ndiscoveryURL: https://sso.example.com/realm//\naudiences: [api]' }),
      ]),
      errors: [{ path: 'jwt[0].issuer.discoveryURL', messageId: 'sameAsIssuer', line: 6 }],
    },
  ],
});
