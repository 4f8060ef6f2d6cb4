import { RuleTester } from '@platlint/core/testing';
import { authz, webhookAuthorizer } from './fixtures.js';
import rule from './authorizer-unique.js';

RuleTester.run(rule, {
  valid: [{ yaml: authz(['- type: Node\n  name: node', '- type: RBAC\n  name: rbac', webhookAuthorizer('policy-a'), webhookAuthorizer('policy-b')]) }],
  invalid: [
    {
      yaml: authz(['- type: RBAC\n  name: rbac', webhookAuthorizer('policy'), '- type: RBAC\n  name: rbac', webhookAuthorizer('policy'), webhookAuthorizer('rbac')]),
      errors: [
        { path: 'authorizers[2].type', message: 'type RBAC is already authorizers[0]; a built-in authorizer is listed once' },
        { path: 'authorizers[3].name', message: 'name "policy" is already used by authorizers[1]; give each authorizer its own name' },
        { path: 'authorizers[4].name', message: 'name "rbac" is already used by authorizers[0]; give each authorizer its own name' },
      ],
    },
  ],
});
