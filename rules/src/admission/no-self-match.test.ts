import { RuleTester } from '@platlint/core/testing';
import rule from './no-self-match.js';

const policy = (groups: string, resources: string, exclude = ''): string => `apiVersion: admissionregistration.plat.io/v1
kind: MutatingAdmissionPolicy
metadata: {name: p}
spec:
  matchConstraints:
    resourceRules:
      - {apiGroups: ${groups}, apiVersions: ["v1"], operations: ["CREATE"], resources: ${resources}}
${exclude}  mutations:
    - patchType: JSONPatch
      jsonPatch: {expression: '[JSONPatch{op: "add", path: "/metadata/labels/a", value: "b"}]'}
  reinvocationPolicy: Never
`;

RuleTester.run(rule, {
  valid: [
    { yaml: policy('["apps"]', '["deployments"]') },
    { name: 'wildcards skip the policy kinds at run time', yaml: policy('["*"]', '["*"]') },
    { name: 'another group', yaml: policy('["example.com"]', '["mutatingadmissionpolicies"]') },
    {
      name: 'exclude rules may name them',
      yaml: policy(
        '["*"]',
        '["*"]',
        '    excludeResourceRules:\n      - {apiGroups: ["admissionregistration.plat.io"], apiVersions: ["v1"], operations: ["CREATE"], resources: ["mutatingadmissionpolicies"]}\n',
      ),
    },
  ],
  invalid: [
    {
      yaml: policy(
        '["admissionregistration.plat.io"]',
        '["mutatingadmissionpolicies", "mutatingadmissionpolicybindings/status"]',
      ),
      errors: [
        {
          path: 'spec.matchConstraints.resourceRules[0].resources[0]',
          messageId: 'selfMatch',
          data: { r: 'mutatingadmissionpolicies' },
          line: 7,
          column: 113,
        },
        {
          path: 'spec.matchConstraints.resourceRules[0].resources[1]',
          messageId: 'selfMatch',
          data: { r: 'mutatingadmissionpolicybindings/status' },
        },
      ],
    },
    {
      yaml: policy('["*"]', '["deployments", "mutatingadmissionpolicybindings"]'),
      errors: [
        {
          path: 'spec.matchConstraints.resourceRules[0].resources[1]',
          severity: 'warning',
          messageId: 'selfMatch',
          data: { r: 'mutatingadmissionpolicybindings' },
        },
      ],
    },
  ],
});
