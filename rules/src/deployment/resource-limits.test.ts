import { RuleTester } from '@platlint/core/testing';
import rule from './resource-limits.js';
import { deploymentWithContainer } from './fixtures.js';

const deployment = (resources: string): string =>
  deploymentWithContainer(`        resources:
${resources}`);

RuleTester.run(rule, {
  valid: [
    {
      name: 'equal in other units',
      yaml: deployment(
        '          requests: {cpu: "0.5", memory: 1Gi, ephemeral-storage: 1e3}\n          limits: {cpu: 500m, memory: "1073741824", ephemeral-storage: 1k}\n',
      ),
    },
    { name: 'only one side set', yaml: deployment('          requests: {cpu: 2}\n          limits: {memory: 1Gi}\n') },
    {
      name: 'extended resources and huge pages at their limit, or only limited',
      yaml: deployment(
        '          requests: {example.com/gpu: 2, hugepages-1Gi: 2Gi, cpu: 1}\n          limits: {example.com/gpu: "2", hugepages-1Gi: 2Gi, example.com/fpga: 1}\n',
      ),
    },
  ],
  invalid: [
    {
      name: 'requests above limits',
      yaml: deployment('          requests: {cpu: 1, memory: 1Gi}\n          limits: {cpu: 999m, memory: 1G}\n'),
      errors: [
        {
          path: 'spec.template.spec.containers[0].resources.requests.cpu',
          messageId: 'requestAboveLimit',
          data: { name: 'cpu', value: 1, limit: '999m' },
          line: 13,
          column: 27,
        },
        {
          path: 'spec.template.spec.containers[0].resources.requests.memory',
          messageId: 'requestAboveLimit',
          data: { name: 'memory', value: '1Gi', limit: '1G' },
        },
      ],
    },
    {
      name: 'extended resources and huge pages: a limit is needed and must equal the request',
      yaml: deployment(
        '          requests: {example.com/gpu: 1, hugepages-2Mi: 64Mi, example.com/nic: 2}\n          limits: {hugepages-2Mi: 128Mi, example.com/nic: 3}\n',
      ),
      errors: [
        {
          path: 'spec.template.spec.containers[0].resources.requests.hugepages-2Mi',
          messageId: 'fixedRequestNotLimit',
          data: { name: 'hugepages-2Mi', value: '64Mi', limit: '128Mi', what: 'a huge-page resource' },
        },
        {
          path: 'spec.template.spec.containers[0].resources.requests["example.com/nic"]',
          messageId: 'fixedRequestNotLimit',
          data: { name: 'example.com/nic', value: 2, limit: 3, what: 'an extended resource' },
        },
        {
          path: 'spec.template.spec.containers[0].resources.limits["example.com/gpu"]',
          messageId: 'fixedWithoutLimit',
          data: { name: 'example.com/gpu', what: 'an extended resource' },
          line: 14,
        },
      ],
    },
  ],
});
