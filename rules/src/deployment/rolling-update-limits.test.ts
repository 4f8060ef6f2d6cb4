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

const BOTH_ZERO = 'maxUnavailable and maxSurge are both 0, so the rollout could never replace a pod; allow at least one of them to be above 0';

RuleTester.run(rule, {
  valid: [
    { name: 'defaults (25% each)', yaml: deployment('    type: RollingUpdate') },
    { name: 'one explicit 0: the other defaults to 25%', yaml: deployment('    rollingUpdate: {maxUnavailable: 0}') },
    { name: 'maxSurge 0 alone', yaml: deployment('    rollingUpdate: {maxSurge: "0%"}') },
    { name: '1% is not zero', yaml: deployment('    rollingUpdate: {maxSurge: 0, maxUnavailable: "1%"}') },
    { name: '100% unavailable and a large surge', yaml: deployment('    rollingUpdate: {maxSurge: "300%", maxUnavailable: "100%"}') },
    { name: 'an integer maxUnavailable has no upper bound', yaml: deployment('    rollingUpdate: {maxUnavailable: 500}') },
  ],
  invalid: [
    { name: 'both zero', yaml: deployment('    rollingUpdate: {maxSurge: 0, maxUnavailable: 0}'), errors: [{ path: 'spec.strategy.rollingUpdate.maxUnavailable', message: BOTH_ZERO, line: 6, column: 50 }] },
    // An empty type is unset: the default makes it RollingUpdate before validation.
    { name: 'both zero under an empty type', yaml: deployment('    type: ""\n    rollingUpdate: {maxSurge: 0, maxUnavailable: 0}'), errors: [{ path: 'spec.strategy.rollingUpdate.maxUnavailable', message: BOTH_ZERO }] },
    { name: '"0%" counts as zero', yaml: deployment('    rollingUpdate:\n      maxSurge: "0%"\n      maxUnavailable: 0%'), errors: [{ path: 'spec.strategy.rollingUpdate.maxUnavailable', message: BOTH_ZERO, line: 8 }] },
    {
      name: 'negative integers',
      yaml: deployment('    rollingUpdate: {maxSurge: -1, maxUnavailable: -2}'),
      errors: [
        { path: 'spec.strategy.rollingUpdate.maxSurge', message: 'maxSurge -1 is negative; use an integer of 0 or more, or a percentage such as "25%"', line: 6, column: 31 },
        { path: 'spec.strategy.rollingUpdate.maxUnavailable', message: 'maxUnavailable -2 is negative; use an integer of 0 or more, or a percentage such as "25%"' },
      ],
    },
    { name: 'over 100%', yaml: deployment('    type: RollingUpdate\n    rollingUpdate: {maxUnavailable: "150%"}'), errors: [{ path: 'spec.strategy.rollingUpdate.maxUnavailable', message: 'maxUnavailable "150%" is over 100%; at most every pod can be unavailable' }] },
  ],
});
