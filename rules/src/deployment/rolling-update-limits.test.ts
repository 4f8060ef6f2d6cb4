import { RuleTester } from '@platlint/core/testing';
import rule from './rolling-update-limits.js';

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
    { name: 'defaults (25% each)', yaml: deployment('    type: RollingUpdate') },
    { name: 'one explicit 0: the other defaults to 25%', yaml: deployment('    rollingUpdate: {maxUnavailable: 0}') },
    { name: 'maxSurge 0 alone', yaml: deployment('    rollingUpdate: {maxSurge: "0%"}') },
    { name: '1% is not zero', yaml: deployment('    rollingUpdate: {maxSurge: 0, maxUnavailable: "1%"}') },
    {
      name: '100% unavailable and a large surge',
      yaml: deployment('    rollingUpdate: {maxSurge: "300%", maxUnavailable: "100%"}'),
    },
    { name: 'an integer maxUnavailable has no upper bound', yaml: deployment('    rollingUpdate: {maxUnavailable: 500}') },
  ],
  invalid: [
    {
      name: 'both zero',
      yaml: deployment('    rollingUpdate: {maxSurge: 0, maxUnavailable: 0}'),
      errors: [{ path: 'spec.strategy.rollingUpdate.maxUnavailable', messageId: 'bothZero', line: 6, column: 50 }],
    },
    // An empty type is unset: the default makes it RollingUpdate before validation.
    {
      name: 'both zero under an empty type',
      yaml: deployment('    type: ""\n    rollingUpdate: {maxSurge: 0, maxUnavailable: 0}'),
      errors: [{ path: 'spec.strategy.rollingUpdate.maxUnavailable', messageId: 'bothZero' }],
    },
    {
      name: '"0%" counts as zero',
      yaml: deployment('    rollingUpdate:\n      maxSurge: "0%"\n      maxUnavailable: 0%'),
      errors: [{ path: 'spec.strategy.rollingUpdate.maxUnavailable', messageId: 'bothZero', line: 8 }],
    },
    {
      name: 'negative integers',
      yaml: deployment('    rollingUpdate: {maxSurge: -1, maxUnavailable: -2}'),
      errors: [
        {
          path: 'spec.strategy.rollingUpdate.maxSurge',
          messageId: 'negative',
          data: { field: 'maxSurge', value: -1 },
          line: 6,
          column: 31,
        },
        {
          path: 'spec.strategy.rollingUpdate.maxUnavailable',
          messageId: 'negative',
          data: { field: 'maxUnavailable', value: -2 },
        },
      ],
    },
    {
      name: 'over 100%',
      yaml: deployment('    type: RollingUpdate\n    rollingUpdate: {maxUnavailable: "150%"}'),
      errors: [
        { path: 'spec.strategy.rollingUpdate.maxUnavailable', messageId: 'unavailableOver100', data: { unavailable: '150%' } },
      ],
    },
  ],
});
