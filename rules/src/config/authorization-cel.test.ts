import { RuleTester } from '@platlint/core/testing';
import { authz, webhookAuthorizer } from './fixtures.js';
import rule from './authorization-cel.js';

const conditions = (...expressions: string[]): Record<string, string> => ({
  matchConditions: `\n${expressions.map((e) => `  - expression: ${e}`).join('\n')}`,
});

RuleTester.run(rule, {
  valid: [
    {
      yaml: authz([
        webhookAuthorizer(
          'a',
          conditions(
            'request.resourceAttributes.verb == "get"',
            '\'!(request.user in ["system:admin"])\'',
            'request.resourceAttributes.labelSelector.requirements.exists(r, r.key == "team")',
            'request.nonResourceAttributes.path.startsWith("/debug")',
          ),
        ),
      ]),
    },
  ],
  invalid: [
    {
      yaml: authz([
        webhookAuthorizer('a', conditions('request.user', '"request.verb == \\"get\\""', '|\n      claims.sub == ""')),
      ]),
      errors: [
        {
          path: 'authorizers[0].webhook.matchConditions[0].expression',
          messageId: 'celIssue',
          data: { issue: 'expression must evaluate to bool but got string', hint: '' },
          line: 17,
          column: 23,
        },
        {
          path: 'authorizers[0].webhook.matchConditions[1].expression',
          messageId: 'celIssue',
          data: { issue: 'no such key "verb" on Request', hint: '' },
          line: 18,
          column: 32,
        },
        {
          path: 'authorizers[0].webhook.matchConditions[2].expression',
          messageId: 'celIssue',
          data: { issue: 'unknown variable "claims"', hint: '; a match condition sees only the variable "request"' },
          line: 20,
          column: 13,
        },
      ],
    },
  ],
});
