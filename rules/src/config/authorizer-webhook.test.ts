import { RuleTester } from '@platlint/core/testing';
import { authz, webhookAuthorizer } from './fixtures.js';
import rule from './authorizer-webhook.js';

RuleTester.run(rule, {
  valid: [{ yaml: authz(['- type: RBAC\n  name: rbac', webhookAuthorizer('policy')]) }],
  invalid: [
    {
      yaml: authz([
        '- type: RBAC\n  name: rbac\n  webhook: {}',
        '- type: Webhook\n  name: policy',
        '- type: Webhook\n  name: other\n  webhook: null',
      ]),
      errors: [
        { path: 'authorizers[0].webhook', messageId: 'webhookNotTaken', data: { type: 'RBAC' }, line: 6, column: 5 },
        { path: 'authorizers[1].webhook', messageId: 'webhookMissing' },
        { path: 'authorizers[2].webhook', messageId: 'webhookMissing' },
      ],
    },
  ],
});
