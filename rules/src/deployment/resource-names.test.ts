import { RuleTester } from '@platlint/core/testing';
import rule from './resource-names.js';
import { deploymentWithContainer } from './fixtures.js';

const deployment = (resources: string): string =>
  deploymentWithContainer(`        resources:
${resources}`);

RuleTester.run(rule, {
  valid: [
    {
      name: 'standard names',
      yaml: deployment(
        '          requests: {cpu: 100m, memory: 64Mi, ephemeral-storage: 1Gi}\n          limits: {hugepages-2Mi: 128Mi, memory: 128Mi}\n',
      ),
    },
    {
      name: 'extended resources with a domain',
      yaml: deployment(
        '          requests: {example.com/gpu: 1}\n          limits: {example.com/gpu: 1, nvidia.com/mig-1g.5gb: 1}\n',
      ),
    },
    { name: 'a native name under the platform domain', yaml: deployment('          limits: {plat.io/batch-cpu: 1}\n') },
  ],
  invalid: [
    {
      name: 'a misspelt standard name',
      yaml: deployment('          requests: {cpu: 100m, memroy: 64Mi}\n          limits:\n            Memory: 128Mi\n'),
      errors: [
        {
          path: 'spec.template.spec.containers[0].resources.requests.memroy',
          messageId: 'badResourceName',
          data: {
            name: 'memroy',
            problem:
              'is not a standard resource (cpu, memory, ephemeral-storage or hugepages-<size>); any other resource needs a domain prefix such as example.com/gpu',
            hint: '; did you mean "memory"?',
          },
          line: 13,
          column: 33,
          fix: 'memory',
        },
        {
          path: 'spec.template.spec.containers[0].resources.limits.Memory',
          messageId: 'badResourceName',
          data: {
            name: 'Memory',
            problem:
              'is not a standard resource (cpu, memory, ephemeral-storage or hugepages-<size>); any other resource needs a domain prefix such as example.com/gpu',
            hint: '; did you mean "memory"?',
          },
          line: 15,
          column: 13,
          fix: 'memory',
        },
      ],
    },
    {
      name: 'hugepages spelt another way, and a name that is far from any standard one',
      yaml: deployment('          limits: {hugepage-2Mi: 128Mi, gpu: 1, CPU: 1, cpus: 2}\n'),
      errors: [
        {
          path: 'spec.template.spec.containers[0].resources.limits.hugepage-2Mi',
          messageId: 'badResourceName',
          data: {
            name: 'hugepage-2Mi',
            problem:
              'is not a standard resource (cpu, memory, ephemeral-storage or hugepages-<size>); any other resource needs a domain prefix such as example.com/gpu',
            hint: '; did you mean "hugepages-2Mi"?',
          },
          fix: 'hugepages-2Mi',
        },
        {
          path: 'spec.template.spec.containers[0].resources.limits.gpu',
          messageId: 'badResourceName',
          data: {
            name: 'gpu',
            problem:
              'is not a standard resource (cpu, memory, ephemeral-storage or hugepages-<size>); any other resource needs a domain prefix such as example.com/gpu',
            hint: '',
          },
        },
        {
          path: 'spec.template.spec.containers[0].resources.limits.CPU',
          messageId: 'badResourceName',
          data: {
            name: 'CPU',
            problem:
              'is not a standard resource (cpu, memory, ephemeral-storage or hugepages-<size>); any other resource needs a domain prefix such as example.com/gpu',
            hint: '; did you mean "cpu"?',
          },
          fix: 'cpu',
        },
        {
          path: 'spec.template.spec.containers[0].resources.limits.cpus',
          messageId: 'badResourceName',
          data: {
            name: 'cpus',
            problem:
              'is not a standard resource (cpu, memory, ephemeral-storage or hugepages-<size>); any other resource needs a domain prefix such as example.com/gpu',
            hint: '; did you mean "cpu"?',
          },
          fix: 'cpu',
        },
      ],
    },
    {
      name: 'names that are not qualified names, in an init container',
      yaml: `${deployment('          limits: {cpu: 1}\n')}      initContainers:
      - name: init
        image: busybox:1.36
        resources:
          limits: {"example.com/gpu units": 1, requests.example.com/gpu: 1}
`,
      errors: [
        {
          path: 'spec.template.spec.initContainers[0].resources.limits["example.com/gpu units"]',
          messageId: 'badResourceName',
          data: {
            name: 'example.com/gpu units',
            problem: "has a name part that is not alphanumerics with '-', '_' or '.' inside; a resource name is a qualified name",
            hint: '',
          },
        },
        {
          path: 'spec.template.spec.initContainers[0].resources.limits["requests.example.com/gpu"]',
          messageId: 'badResourceName',
          data: {
            name: 'requests.example.com/gpu',
            problem:
              'is not a valid extended resource name: it may not start with "requests." and, with that prefix added for quota, must stay a qualified name',
            hint: '',
          },
        },
      ],
    },
  ],
});
