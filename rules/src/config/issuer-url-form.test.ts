import { RuleTester } from '@platlint/core/testing';
import { authn, jwt } from './fixtures.js';
import rule from './issuer-url-form.js';

RuleTester.run(rule, {
  valid: [
    { yaml: authn([jwt({ issuer: 'url: https://sso.example.com/realms/a\naudiences: [api]' })]) },
    {
      yaml: authn([
        jwt({
          issuer:
            'url: https://sso.example.com\ndiscoveryURL: https://disco.example.com/.well-known/openid-configuration\naudiences: [api]',
        }),
      ]),
    },
  ],
  invalid: [
    {
      yaml: authn([jwt({ issuer: 'url: https://admin:secret@sso.example.com/?a=1#top\naudiences: [api]' })]),
      errors: [
        { path: 'jwt[0].issuer.url', messageId: 'userInfo', data: { field: 'url' }, line: 5 },
        { path: 'jwt[0].issuer.url', messageId: 'fragment', data: { field: 'url' } },
        { path: 'jwt[0].issuer.url', messageId: 'query', data: { field: 'url' } },
      ],
    },
    {
      yaml: authn([
        jwt({ issuer: 'url: https://sso.example.com\ndiscoveryURL: "https://disco.example.com/?"\naudiences: [api]' }),
      ]),
      errors: [{ path: 'jwt[0].issuer.discoveryURL', messageId: 'query', data: { field: 'discoveryURL' } }],
    },
  ],
});
