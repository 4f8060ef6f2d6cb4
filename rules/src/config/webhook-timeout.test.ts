import { RuleTester } from '@platlint/core/testing';
import { authz, webhookAuthorizer } from './fixtures.js';
import rule from './webhook-timeout.js';

RuleTester.run(rule, {
  valid: [
    {
      yaml: authz([
        webhookAuthorizer('a', { timeout: '30s' }),
        webhookAuthorizer('b', { timeout: '500ms' }),
        webhookAuthorizer('c', { timeout: '0.5m' }),
      ]),
    },
  ],
  invalid: [
    {
      yaml: authz([
        webhookAuthorizer('a', { timeout: '45s' }),
        webhookAuthorizer('b', { timeout: '0s' }),
        webhookAuthorizer('c', { timeout: '-1s' }),
        webhookAuthorizer('d', { timeout: '30s1ns' }),
      ]),
      errors: [
        {
          path: 'authorizers[0].webhook.timeout',
          messageId: 'aboveMaximum',
          data: { timeout: '45s', max: '30s' },
          fix: '30s',
          line: 7,
          column: 16,
        },
        { path: 'authorizers[1].webhook.timeout', messageId: 'notPositive', data: { timeout: '0s' } },
        { path: 'authorizers[2].webhook.timeout', messageId: 'notPositive', data: { timeout: '-1s' } },
        { path: 'authorizers[3].webhook.timeout', messageId: 'aboveMaximum', data: { timeout: '30s1ns', max: '30s' } },
      ],
    },
  ],
});
