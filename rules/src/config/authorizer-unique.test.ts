import { RuleTester } from '@platlint/core/testing';
import { authz, webhookAuthorizer } from './fixtures.js';
import rule from './authorizer-unique.js';

RuleTester.run(rule, {
  valid: [
    {
      yaml: authz([
        '- type: Node\n  name: node',
        '- type: RBAC\n  name: rbac',
        webhookAuthorizer('policy-a'),
        webhookAuthorizer('policy-b'),
      ]),
    },
  ],
  invalid: [
    {
      yaml: authz([
        '- type: RBAC\n  name: rbac',
        webhookAuthorizer('policy'),
        '- type: RBAC\n  name: rbac',
        webhookAuthorizer('policy'),
        webhookAuthorizer('rbac'),
      ]),
      errors: [
        { path: 'authorizers[2].type', messageId: 'repeatedType', data: { type: 'RBAC', firstIndex: 0 } },
        { path: 'authorizers[3].name', messageId: 'repeatedName', data: { name: '"policy"', firstIndex: 1 } },
        { path: 'authorizers[4].name', messageId: 'repeatedName', data: { name: '"rbac"', firstIndex: 0 } },
      ],
    },
  ],
});
