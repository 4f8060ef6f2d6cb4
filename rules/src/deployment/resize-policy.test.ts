import { RuleTester } from '@platlint/core/testing';
import { deploymentWithContainer } from './fixtures.js';
import rule from './resize-policy.js';

const policy = (entries: string): string => deploymentWithContainer(`        resizePolicy: ${entries}\n`);
const at = 'spec.template.spec.containers[0].resizePolicy';

RuleTester.run(rule, {
  valid: [
    {
      yaml: policy('[{resourceName: cpu, restartPolicy: NotRequired}, {resourceName: memory, restartPolicy: RestartContainer}]'),
    },
  ],
  invalid: [
    {
      yaml: policy('[{resourceName: example.com/gpu, restartPolicy: NotRequired}]'),
      errors: [{ path: `${at}[0].resourceName`, messageId: 'notResizable', data: { name: 'example.com/gpu' } }],
    },
    {
      yaml: policy('[{resourceName: cpu, restartPolicy: NotRequired}, {resourceName: cpu, restartPolicy: RestartContainer}]'),
      errors: [{ path: `${at}[1].resourceName`, messageId: 'policyTwice', data: { name: 'cpu' } }],
    },
  ],
});
