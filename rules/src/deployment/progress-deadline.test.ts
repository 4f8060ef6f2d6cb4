import { RuleTester } from '@platlint/core/testing';
import rule from './progress-deadline.js';

const deployment = (fields: string): string => `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
${fields}  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: app, image: nginx:1.27}]
`;

RuleTester.run(rule, {
  valid: [
    { name: 'defaults (0 and 600)', yaml: deployment('') },
    { name: 'minReadySeconds below the default deadline', yaml: deployment('  minReadySeconds: 599\n') },
    { name: 'a larger explicit deadline', yaml: deployment('  minReadySeconds: 600\n  progressDeadlineSeconds: 601\n') },
  ],
  invalid: [
    {
      name: 'minReadySeconds 600 with the defaulted deadline',
      yaml: deployment('  minReadySeconds: 600\n'),
      errors: [
        {
          path: 'spec.progressDeadlineSeconds',
          messageId: 'minReadyNotBelowDefaultDeadline',
          data: { minReady: 600, deadline: 600 },
          line: 5,
          column: 20,
        },
      ],
    },
    {
      name: 'the defaulted deadline with minReadySeconds written in a flow mapping, with a tag',
      yaml: 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec: {minReadySeconds: !!int 700 , selector: {matchLabels: {app: web}}}\n',
      errors: [
        {
          path: 'spec.progressDeadlineSeconds',
          messageId: 'minReadyNotBelowDefaultDeadline',
          data: { minReady: 700, deadline: 600 },
          line: 4,
          column: 31,
        },
      ],
    },
    {
      name: 'an explicit deadline equal to minReadySeconds',
      yaml: deployment('  minReadySeconds: 30\n  progressDeadlineSeconds: 30\n'),
      errors: [
        {
          path: 'spec.progressDeadlineSeconds',
          messageId: 'deadlineNotAboveMinReady',
          data: { deadline: 30, minReady: 30 },
          line: 6,
          column: 28,
        },
      ],
    },
    {
      name: 'a deadline of 0 with the defaulted minReadySeconds',
      yaml: deployment('  progressDeadlineSeconds: 0\n'),
      errors: [
        {
          path: 'spec.progressDeadlineSeconds',
          messageId: 'deadlineNotAboveMinReady',
          data: { deadline: 0, minReady: 0 },
          line: 5,
          column: 28,
        },
      ],
    },
  ],
});
