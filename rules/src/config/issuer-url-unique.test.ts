import { RuleTester } from '@platlint/core/testing';
import { authn, jwt } from './fixtures.js';
import rule from './issuer-url-unique.js';

const issuer = (url: string, discovery?: string): string =>
  `url: ${url}\n${discovery === undefined ? '' : `discoveryURL: "${discovery}"\n`}audiences: [api]`;

RuleTester.run(rule, {
  valid: [
    { yaml: authn([jwt({ issuer: issuer('https://a.example.com') }), jwt({ issuer: issuer('https://b.example.com') })]) },
    {
      name: 'distinct discoveryURLs',
      yaml: authn([
        jwt({ issuer: issuer('https://a.example.com', 'https://d.example.com/a') }),
        jwt({ issuer: issuer('https://b.example.com', 'https://d.example.com/b') }),
      ]),
    },
  ],
  invalid: [
    {
      yaml: authn([
        jwt({ issuer: issuer('https://a.example.com') }),
        jwt({ issuer: issuer('https://b.example.com') }),
        jwt({ issuer: issuer('https://a.example.com') }),
      ]),
      errors: [
        {
          path: 'jwt[2].issuer.url',
          messageId: 'repeated',
          data: { field: 'url', value: '"https://a.example.com"', firstIndex: 0 },
        },
      ],
    },
    {
      yaml: authn([
        jwt({ issuer: issuer('https://a.example.com', 'https://d.example.com/x') }),
        jwt({ issuer: issuer('https://b.example.com', 'https://d.example.com/x') }),
      ]),
      errors: [
        {
          path: 'jwt[1].issuer.discoveryURL',
          messageId: 'repeated',
          data: { field: 'discoveryURL', value: '"https://d.example.com/x"', firstIndex: 0 },
        },
      ],
    },
  ],
});
