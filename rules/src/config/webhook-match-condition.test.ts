import { RuleTester } from '@platlint/core/testing';
import { authz, webhookAuthorizer } from './fixtures.js';
import rule from './webhook-match-condition.js';

const conditions = (...expressions: string[]): Record<string, string> => ({
  matchConditions: expressions.length === 0 ? ' []' : `\n${expressions.map((e) => `  - expression: ${e}`).join('\n')}`,
});

RuleTester.run(rule, {
  valid: [
    {
      yaml: authz([
        webhookAuthorizer('a', conditions('has(request.resourceAttributes)', 'has(request.nonResourceAttributes)')),
        webhookAuthorizer('b', conditions()),
      ]),
    },
    // Without match conditions the version may be left out or empty (Z9).
    {
      yaml: authz([webhookAuthorizer('a', { matchConditions: undefined, matchConditionSubjectAccessReviewVersion: undefined })]),
    },
    { yaml: authz([webhookAuthorizer('a', { ...conditions(), matchConditionSubjectAccessReviewVersion: '""' })]) },
  ],
  invalid: [
    {
      yaml: authz([
        webhookAuthorizer('a', conditions('"  "', 'has(request.resourceAttributes)', 'has(request.resourceAttributes)')),
      ]),
      errors: [
        { path: 'authorizers[0].webhook.matchConditions[0].expression', messageId: 'blank' },
        { path: 'authorizers[0].webhook.matchConditions[2].expression', messageId: 'repeated', data: { firstIndex: 1 } },
      ],
    },
    {
      yaml: authz([
        webhookAuthorizer('a', { matchConditionSubjectAccessReviewVersion: undefined }),
        webhookAuthorizer('b', { matchConditionSubjectAccessReviewVersion: '""' }),
        webhookAuthorizer('c', { matchConditionSubjectAccessReviewVersion: 'v1beta1' }),
        webhookAuthorizer('d', { ...conditions(), matchConditionSubjectAccessReviewVersion: 'V1' }),
      ]),
      errors: [
        { path: 'authorizers[0].webhook.matchConditionSubjectAccessReviewVersion', messageId: 'versionRequired', line: 6 },
        { path: 'authorizers[1].webhook.matchConditionSubjectAccessReviewVersion', messageId: 'versionRequired' },
        {
          path: 'authorizers[2].webhook.matchConditionSubjectAccessReviewVersion',
          messageId: 'unsupportedVersion',
          data: { version: '"v1beta1"' },
        },
        {
          path: 'authorizers[3].webhook.matchConditionSubjectAccessReviewVersion',
          messageId: 'unsupportedVersion',
          data: { version: '"V1"' },
        },
      ],
    },
  ],
});
