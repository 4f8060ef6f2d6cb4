import { RuleTester } from '@platlint/core/testing';
import { authz, webhookAuthorizer } from './fixtures.js';
import rule from './webhook-match-condition.js';

const conditions = (...expressions: string[]): Record<string, string> => ({ matchConditions: expressions.length === 0 ? ' []' : `\n${expressions.map((e) => `  - expression: ${e}`).join('\n')}` });

RuleTester.run(rule, {
  valid: [{ yaml: authz([webhookAuthorizer('a', conditions('has(request.resourceAttributes)', 'has(request.nonResourceAttributes)')), webhookAuthorizer('b', conditions())]) }],
  invalid: [
    {
      yaml: authz([webhookAuthorizer('a', conditions('"  "', 'has(request.resourceAttributes)', 'has(request.resourceAttributes)'))]),
      errors: [
        { path: 'authorizers[0].webhook.matchConditions[0].expression', message: 'expression is blank; write a CEL condition over request' },
        { path: 'authorizers[0].webhook.matchConditions[2].expression', message: 'the same expression is already matchConditions[1]; remove the repeat' },
      ],
    },
  ],
});
