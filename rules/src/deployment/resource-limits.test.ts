import { RuleTester } from '@platlint/core/testing';
import rule from './resource-limits.js';
import { deploymentWithContainer } from './fixtures.js';

const deployment = (resources: string): string => deploymentWithContainer(`        resources:
${resources}`);

RuleTester.run(rule, {
  valid: [
    { name: 'equal in other units', yaml: deployment('          requests: {cpu: "0.5", memory: 1Gi, ephemeral-storage: 1e3}\n          limits: {cpu: 500m, memory: "1073741824", ephemeral-storage: 1k}\n') },
    { name: 'only one side set', yaml: deployment('          requests: {cpu: 2}\n          limits: {memory: 1Gi}\n') },
    { name: 'extended resources and huge pages at their limit, or only limited', yaml: deployment('          requests: {example.com/gpu: 2, hugepages-1Gi: 2Gi, cpu: 1}\n          limits: {example.com/gpu: "2", hugepages-1Gi: 2Gi, example.com/fpga: 1}\n') },
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
    {
      name: 'extended resources and huge pages: a limit is needed and must equal the request',
      yaml: deployment('          requests: {example.com/gpu: 1, hugepages-2Mi: 64Mi, example.com/nic: 2}\n          limits: {hugepages-2Mi: 128Mi, example.com/nic: 3}\n'),
      errors: [
        { path: 'spec.template.spec.containers[0].resources.requests.hugepages-2Mi', message: 'hugepages-2Mi request 64Mi differs from its limit 128Mi; a huge-page resource must request exactly its limit' },
        { path: 'spec.template.spec.containers[0].resources.requests["example.com/nic"]', message: 'example.com/nic request 2 differs from its limit 3; an extended resource must request exactly its limit' },
        { path: 'spec.template.spec.containers[0].resources.limits["example.com/gpu"]', message: 'example.com/gpu is requested but has no limit; an extended resource needs a limit equal to its request', line: 14 },
      ],
    },
  ],
});
