import { RuleTester } from '@platlint/core/testing';
import { authz, webhookAuthorizer } from './fixtures.js';
import rule from './webhook-timeout.js';

RuleTester.run(rule, {
  valid: [{ yaml: authz([webhookAuthorizer('a', { timeout: '30s' }), webhookAuthorizer('b', { timeout: '500ms' }), webhookAuthorizer('c', { timeout: '0.5m' })]) }],
  invalid: [
    {
      yaml: authz([webhookAuthorizer('a', { timeout: '45s' }), webhookAuthorizer('b', { timeout: '0s' }), webhookAuthorizer('c', { timeout: '-1s' }), webhookAuthorizer('d', { timeout: '30s1ns' })]),
      errors: [
        { path: 'authorizers[0].webhook.timeout', message: 'timeout 45s is above the maximum of 30s', fix: '30s', line: 7, column: 16 },
        { path: 'authorizers[1].webhook.timeout', message: 'timeout 0s must be greater than 0s' },
        { path: 'authorizers[2].webhook.timeout', message: 'timeout -1s must be greater than 0s' },
        { path: 'authorizers[3].webhook.timeout', message: 'timeout 30s1ns is above the maximum of 30s' },
      ],
    },
  ],
});
