import { RuleTester } from '@platlint/core/testing';
import { deploymentWithContainer, deploymentWithPod } from './fixtures.js';
import rule from './resource-claims.js';

const claims = (podClaims: string, containerClaims = ''): string =>
  `${deploymentWithContainer(containerClaims === '' ? '' : `        resources: {claims: ${containerClaims}}\n`)}      resourceClaims: ${podClaims}\n`;
const at = 'spec.template.spec.resourceClaims';

RuleTester.run(rule, {
  valid: [
    { yaml: claims('[{name: gpu, resourceClaimTemplateName: gpu-template}, {name: shared, resourceClaimName: shared-claim}]', '[{name: gpu}, {name: gpu, request: second}, {name: shared}]') },
    { yaml: deploymentWithPod('      resourceClaims: []\n') },
  ],
  invalid: [
    { yaml: claims('[{name: gpu, resourceClaimName: a}, {name: gpu, resourceClaimName: b}]'), errors: [{ path: `${at}[1].name`, message: /declared twice/ }] },
    { yaml: claims('[{name: GPU, resourceClaimName: a}]'), errors: [{ path: `${at}[0].name`, message: /^resource claim name "GPU"/ }] },
    { yaml: claims('[{name: gpu}]'), errors: [{ path: `${at}[0]`, message: /needs resourceClaimName or resourceClaimTemplateName/ }] },
    { yaml: claims('[{name: gpu, resourceClaimName: a, resourceClaimTemplateName: b}]'), errors: [{ path: `${at}[0]`, message: /sets both/ }] },
    { yaml: claims('[{name: gpu, resourceClaimName: Bad_Name}]'), errors: [{ path: `${at}[0].resourceClaimName`, message: /^resourceClaimName "Bad_Name"/ }] },
    { yaml: claims('[{name: gpu, resourceClaimName: a}]', '[{name: fpga}]'), errors: [{ path: 'spec.template.spec.containers[0].resources.claims[0]', message: /is not one of the pod's resourceClaims/ }] },
    { yaml: claims('[{name: gpu, resourceClaimName: a}]', '[{name: gpu}, {name: gpu}]'), errors: [{ path: 'spec.template.spec.containers[0].resources.claims[1]', message: 'claim gpu is listed twice in this container' }] },
  ],
});
