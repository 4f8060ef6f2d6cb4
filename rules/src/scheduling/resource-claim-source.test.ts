import { RuleTester } from '@platlint/core/testing';
import rule from './resource-claim-source.js';
import { podGroup } from './fixtures.js';

const withClaims = (claims: string): string =>
  podGroup('workers', `  schedulingPolicy: {gang: {minCount: 4}}\n  resourceClaims:\n${claims}`);

RuleTester.run(rule, {
  valid: [
    { name: 'a claim by name', yaml: withClaims('    - name: gpus\n      resourceClaimName: shared-gpus') },
    { name: 'a claim from a template', yaml: withClaims('    - name: gpus\n      resourceClaimTemplateName: gpu-template') },
  ],
  invalid: [
    {
      name: 'both',
      yaml: withClaims(
        '    - name: nics\n      resourceClaimName: nics\n    - name: gpus\n      resourceClaimName: shared-gpus\n      resourceClaimTemplateName: gpu-template',
      ),
      errors: [
        {
          path: 'spec.resourceClaims[1].resourceClaimTemplateName',
          messageId: 'both',
          data: { claim: 'claim "gpus"' },
          line: 13,
          column: 7,
        },
      ],
    },
    {
      name: 'neither',
      yaml: withClaims('    - name: gpus'),
      errors: [{ path: 'spec.resourceClaims[0].resourceClaimName', messageId: 'neither', data: { claim: 'claim "gpus"' } }],
    },
    {
      name: 'neither, and no name either',
      yaml: withClaims('    - resourceClaimName:'),
      errors: [{ path: 'spec.resourceClaims[0].resourceClaimName', messageId: 'neither', data: { claim: 'the claim' } }],
    },
  ],
});
