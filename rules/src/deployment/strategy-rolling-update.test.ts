import { RuleTester } from '@platlint/core/testing';
import rule from './strategy-rolling-update.js';

const deployment = (strategy: string): string => `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  strategy:
${strategy}
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: app, image: nginx:1.27}]
`;

RuleTester.run(rule, {
  valid: [
    { name: 'Recreate alone', yaml: deployment('    type: Recreate') },
    { name: 'RollingUpdate with parameters', yaml: deployment('    type: RollingUpdate\n    rollingUpdate: {maxSurge: 1}') },
    { name: 'type defaulted to RollingUpdate', yaml: deployment('    rollingUpdate: {maxUnavailable: 0}') },
    { name: 'a null rollingUpdate is no block', yaml: deployment('    type: Recreate\n    rollingUpdate:') },
  ],
  invalid: [
    {
      name: 'parameters with Recreate',
      yaml: deployment('    type: Recreate\n    rollingUpdate: {maxSurge: 1}'),
      errors: [{ path: 'spec.strategy.rollingUpdate', messageId: 'rollingUpdateWithRecreate', line: 7, column: 5 }],
    },
    {
      name: 'even an empty block',
      yaml: deployment('    rollingUpdate: {}\n    type: Recreate'),
      errors: [{ path: 'spec.strategy.rollingUpdate', messageId: 'rollingUpdateWithRecreate', line: 6 }],
    },
  ],
});
