import { RuleTester } from '@platlint/core/testing';
import rule from './resource-limits.js';
import { deploymentWithContainer } from './fixtures.js';

const deployment = (resources: string): string => deploymentWithContainer(`        resources:
${resources}`);

RuleTester.run(rule, {
  valid: [
    { name: 'equal in other units', yaml: deployment('          requests: {cpu: "0.5", memory: 1Gi, ephemeral-storage: 1e3}\n          limits: {cpu: 500m, memory: "1073741824", ephemeral-storage: 1k}\n') },
    { name: 'only one side set', yaml: deployment('          requests: {cpu: 2}\n          limits: {memory: 1Gi}\n') },
  ],
  invalid: [
    {
      name: 'requests above limits',
      yaml: deployment('          requests: {cpu: 1, memory: 1Gi}\n          limits: {cpu: 999m, memory: 1G}\n'),
      errors: [
        { path: 'spec.template.spec.containers[0].resources.requests.cpu', message: 'cpu request 1 is above its limit 999m; lower the request or raise the limit', line: 13, column: 27 },
        { path: 'spec.template.spec.containers[0].resources.requests.memory', message: 'memory request 1Gi is above its limit 1G; lower the request or raise the limit' },
      ],
    },
  ],
});
