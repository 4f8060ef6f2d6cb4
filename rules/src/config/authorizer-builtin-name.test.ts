import { RuleTester } from '@platlint/core/testing';
import { authz, webhookAuthorizer } from './fixtures.js';
import rule from './authorizer-builtin-name.js';

RuleTester.run(rule, {
  valid: [
    { yaml: authz(['- type: AlwaysAllow\n  name: alwaysallow', '- type: ABAC\n  name: abac', webhookAuthorizer('any-name')]) },
  ],
  invalid: [
    {
      yaml: authz(['- type: RBAC\n  name: roles', '- type: Node\n  name: node']),
      errors: [
        {
          path: 'authorizers[0].name',
          messageId: 'wrongName',
          data: { type: 'RBAC', expected: '"rbac"' },
          fix: 'rbac',
          line: 5,
          column: 11,
        },
      ],
    },
  ],
});
