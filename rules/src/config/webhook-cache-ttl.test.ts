import { RuleTester } from '@platlint/core/testing';
import { authz, webhookAuthorizer } from './fixtures.js';
import rule from './webhook-cache-ttl.js';

RuleTester.run(rule, {
  valid: [
    { yaml: authz([webhookAuthorizer('a', { authorizedTTL: '1h', unauthorizedTTL: '1s' })]) },
    // Caching is off: the zero TTL is never used, so its default changes nothing.
    {
      name: 'a zero TTL with its cache switched off',
      yaml: authz([webhookAuthorizer('a', { authorizedTTL: '0s', cacheAuthorizedRequests: 'false' })]),
    },
  ],
  invalid: [
    {
      yaml: authz([webhookAuthorizer('a', { authorizedTTL: '-5m', unauthorizedTTL: '0s' })]),
      errors: [
        { path: 'authorizers[0].webhook.authorizedTTL', messageId: 'negative', data: { field: 'authorizedTTL', ttl: '-5m' } },
        {
          path: 'authorizers[0].webhook.unauthorizedTTL',
          messageId: 'zero',
          data: { field: 'unauthorizedTTL', value: '30s', cache: 'cacheUnauthorizedRequests' },
          severity: 'warning',
        },
      ],
    },
  ],
});
