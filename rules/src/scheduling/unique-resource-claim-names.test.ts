import { RuleTester } from '@platlint/core/testing';
import rule from './unique-resource-claim-names.js';
import { podGroup } from './fixtures.js';

const withClaims = (claims: string): string =>
  podGroup('workers', `  schedulingPolicy: {gang: {minCount: 4}}\n  resourceClaims:\n${claims}`);

RuleTester.run(rule, {
  valid: [
    {
      name: 'distinct names',
      yaml: withClaims('    - {name: gpus-a, resourceClaimName: gpus-a}\n    - {name: gpus-b, resourceClaimName: gpus-a}'),
    },
  ],
  invalid: [
    {
      name: 'a name used twice',
      yaml: withClaims(
        '    - {name: gpus, resourceClaimName: gpus-a}\n    - {name: nics, resourceClaimName: nics}\n    - {name: gpus, resourceClaimTemplateName: gpus-b}',
      ),
      errors: [
        { path: 'spec.resourceClaims[2].name', messageId: 'repeated', data: { name: 'gpus', earlier: 0 }, line: 11, column: 14 },
      ],
    },
    {
      name: 'each later duplicate is reported',
      yaml: withClaims(
        '    - {name: gpus, resourceClaimName: a}\n    - {name: gpus, resourceClaimName: b}\n    - {name: gpus, resourceClaimName: c}',
      ),
      errors: [
        { path: 'spec.resourceClaims[1].name', message: /already used by spec\.resourceClaims\[0\]/ },
        { path: 'spec.resourceClaims[2].name', message: /already used by spec\.resourceClaims\[0\]/ },
      ],
    },
  ],
});
