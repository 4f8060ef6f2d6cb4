import { RuleTester } from '@platlint/core/testing';
import { deploymentWithContainer, deploymentWithPod } from './fixtures.js';
import rule from './resource-claims.js';

const claims = (podClaims: string, containerClaims = ''): string =>
  `${deploymentWithContainer(containerClaims === '' ? '' : `        resources: {claims: ${containerClaims}}\n`)}      resourceClaims: ${podClaims}\n`;
const at = 'spec.template.spec.resourceClaims';

RuleTester.run(rule, {
  valid: [
    {
      yaml: claims(
        '[{name: gpu, resourceClaimTemplateName: gpu-template}, {name: shared, resourceClaimName: shared-claim}]',
        '[{name: gpu}, {name: gpu, request: second}, {name: shared}]',
      ),
    },
    { yaml: deploymentWithPod('      resourceClaims: []\n') },
  ],
  invalid: [
    {
      yaml: claims('[{name: gpu, resourceClaimName: a}, {name: gpu, resourceClaimName: b}]'),
      errors: [{ path: `${at}[1].name`, messageId: 'claimTwice', data: { name: 'gpu' } }],
    },
    {
      yaml: claims('[{name: GPU, resourceClaimName: a}]'),
      errors: [
        {
          path: `${at}[0].name`,
          messageId: 'badClaimName',
          data: { name: 'GPU', problem: 'has uppercase letters; a DNS label is lowercase' },
        },
      ],
    },
    { yaml: claims('[{name: gpu}]'), errors: [{ path: `${at}[0]`, messageId: 'claimNeedsSource' }] },
    {
      yaml: claims('[{name: gpu, resourceClaimName: a, resourceClaimTemplateName: b}]'),
      errors: [{ path: `${at}[0]`, messageId: 'claimSetsBothSources' }],
    },
    {
      yaml: claims('[{name: gpu, resourceClaimName: Bad_Name}]'),
      errors: [
        {
          path: `${at}[0].resourceClaimName`,
          messageId: 'badSourceName',
          data: { field: 'resourceClaimName', value: 'Bad_Name', problem: 'has uppercase letters; a DNS subdomain is lowercase' },
        },
      ],
    },
    {
      yaml: claims('[{name: gpu, resourceClaimName: a}]', '[{name: fpga}]'),
      errors: [
        { path: 'spec.template.spec.containers[0].resources.claims[0]', messageId: 'unknownClaim', data: { name: 'fpga' } },
      ],
    },
    {
      yaml: claims('[{name: gpu, resourceClaimName: a}]', '[{name: gpu}, {name: gpu}]'),
      errors: [
        { path: 'spec.template.spec.containers[0].resources.claims[1]', messageId: 'containerClaimTwice', data: { key: 'gpu' } },
      ],
    },
  ],
});
