import { RuleTester } from '@platlint/core/testing';
import rule from './selector-syntax.js';

const deployment = (selector: string): string => `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  selector:
${selector}
  template:
    metadata: {labels: {app: web, tier: front}}
    spec:
      containers: [{name: app, image: nginx:1.27}]
`;

RuleTester.run(rule, {
  valid: [
    { name: 'matchLabels', yaml: deployment('    matchLabels: {app: web, plat.io/tier: front}') },
    {
      name: 'every operator used correctly',
      yaml: deployment(
        '    matchExpressions:\n    - {key: app, operator: In, values: [web]}\n    - {key: tier, operator: NotIn, values: [back]}\n    - {key: tier, operator: Exists}\n    - {key: canary, operator: DoesNotExist, values: []}',
      ),
    },
  ],
  invalid: [
    {
      name: 'In without values',
      yaml: deployment('    matchExpressions:\n    - {key: app, operator: In}'),
      errors: [
        { path: 'spec.selector.matchExpressions[0].values', messageId: 'termNeedsValues', data: { operator: 'In' }, line: 7 },
      ],
    },
    {
      name: 'NotIn with an empty list',
      yaml: deployment('    matchExpressions:\n    - {key: app, operator: NotIn, values: []}'),
      errors: [
        {
          path: 'spec.selector.matchExpressions[0].values',
          messageId: 'termNeedsValues',
          data: { operator: 'NotIn' },
          line: 7,
          column: 43,
        },
      ],
    },
    {
      name: 'Exists with values',
      yaml: deployment('    matchExpressions:\n    - key: app\n      operator: Exists\n      values: [web]'),
      errors: [
        {
          path: 'spec.selector.matchExpressions[0].values',
          messageId: 'termTakesNoValues',
          data: { operator: 'Exists' },
          line: 9,
          column: 15,
        },
      ],
    },
  ],
});
