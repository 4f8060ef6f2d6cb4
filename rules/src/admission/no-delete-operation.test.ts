import { RuleTester } from '@platlint/core/testing';
import rule from './no-delete-operation.js';

const policy = (operations: string, exclude = ''): string => `apiVersion: admissionregistration.plat.io/v1
kind: MutatingAdmissionPolicy
metadata: {name: p}
spec:
  matchConstraints:
    resourceRules:
      - apiGroups: ["apps"]
        apiVersions: ["v1"]
        operations: ${operations}
        resources: ["deployments"]
${exclude}  mutations:
    - patchType: JSONPatch
      jsonPatch: {expression: '[JSONPatch{op: "add", path: "/metadata/labels/a", value: "b"}]'}
  reinvocationPolicy: Never
`;

RuleTester.run(rule, {
  valid: [
    { yaml: policy('["CREATE", "UPDATE", "CONNECT"]') },
    { yaml: policy('["*"]') },
    {
      name: 'an exclude rule may name DELETE',
      yaml: policy(
        '["*"]',
        '    excludeResourceRules:\n      - {apiGroups: ["apps"], apiVersions: ["v1"], operations: ["DELETE"], resources: ["deployments"]}\n',
      ),
    },
  ],
  invalid: [
    {
      yaml: policy('["CREATE", "DELETE"]'),
      errors: [
        { path: 'spec.matchConstraints.resourceRules[0].operations[1]', messageId: 'noDelete', line: 9, column: 32, fix: '' },
      ],
      output: policy('["CREATE"]'),
    },
    {
      name: 'a block list loses only the DELETE line; its style and the other comments stay',
      yaml: policy(
        '# the verbs we mutate on\n          - CREATE # new objects\n          - DELETE # never reaches a mutating policy\n          - UPDATE  # edits',
      ),
      errors: [{ path: 'spec.matchConstraints.resourceRules[0].operations[1]', messageId: 'noDelete', line: 11, fix: '' }],
      output: policy('# the verbs we mutate on\n          - CREATE # new objects\n          - UPDATE  # edits'),
    },
    {
      name: 'the first item of a flow list goes with the comma after it',
      yaml: policy('[DELETE, CREATE]  # two'),
      errors: [{ path: 'spec.matchConstraints.resourceRules[0].operations[0]', messageId: 'noDelete', fix: '' }],
      output: policy('[CREATE]  # two'),
    },
    {
      name: 'no fix when DELETE is all there is',
      yaml: policy('[DELETE]'),
      errors: [{ path: 'spec.matchConstraints.resourceRules[0].operations[0]', messageId: 'noDelete' }],
    },
    {
      name: 'in a binding',
      yaml: `apiVersion: admissionregistration.plat.io/v1
kind: MutatingAdmissionPolicyBinding
metadata: {name: b}
spec:
  policyName: p
  matchResources:
    resourceRules:
      - {apiGroups: ["apps"], apiVersions: ["v1"], operations: ["DELETE", "UPDATE"], resources: ["deployments"]}
`,
      errors: [
        { path: 'spec.matchResources.resourceRules[0].operations[0]', severity: 'warning', messageId: 'noDelete', fix: '' },
      ],
    },
  ],
});
