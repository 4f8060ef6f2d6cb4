import { RuleTester } from '@platlint/core/testing';
import { deploymentWithContainer } from './fixtures.js';
import rule from './resource-quantities.js';

const resources = (value: string): string => deploymentWithContainer(`        resources: ${value}\n`);
const at = 'spec.template.spec.containers[0].resources';

RuleTester.run(rule, {
  valid: [
    { yaml: resources('{requests: {cpu: 100m, memory: 0}, limits: {example.com/gpu: 2}}') },
    { yaml: resources('{requests: {hugepages-2Mi: 128Mi}, limits: {hugepages-2Mi: 128Mi, memory: 1Gi}}') },
    // The platform's own resources are not extended ones.
    { yaml: resources('{requests: {plat.io/batch-cpu: 500m}}') },
  ],
  invalid: [
    {
      yaml: `${resources('{}')}      volumes: [{name: v, emptyDir: {sizeLimit: -1Gi}}]\n`,
      errors: [
        { path: 'spec.template.spec.volumes[0].emptyDir.sizeLimit', messageId: 'sizeLimitNegative', data: { value: '-1Gi' } },
      ],
    },
    {
      yaml: resources('{requests: {memory: -1Gi}}'),
      errors: [{ path: `${at}.requests.memory`, messageId: 'negative', data: { name: 'memory', value: '-1Gi' } }],
    },
    {
      yaml: resources('{limits: {example.com/gpu: 0.5}}'),
      errors: [
        { path: `${at}.limits["example.com/gpu"]`, messageId: 'notWholeNumber', data: { name: 'example.com/gpu', value: '0.5' } },
      ],
    },
    { yaml: resources('{limits: {hugepages-1Gi: 2Gi}}'), errors: [{ path: at, messageId: 'hugePagesNeedCpu' }] },
  ],
});
