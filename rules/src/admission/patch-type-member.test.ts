import { RuleTester } from '@platlint/core/testing';
import rule from './patch-type-member.js';

const APPLY = "applyConfiguration: {expression: 'Object{spec: Object.spec{replicas: 2}}'}";
const PATCH = `jsonPatch: {expression: '[JSONPatch{op: "add", path: "/metadata/labels/a", value: "b"}]'}`;

const policy = (mutation: string): string => `apiVersion: admissionregistration.plat.io/v1
kind: MutatingAdmissionPolicy
metadata: {name: p}
spec:
  matchConstraints:
    resourceRules:
      - {apiGroups: ["apps"], apiVersions: ["v1"], operations: ["CREATE"], resources: ["deployments"]}
  mutations:
${mutation}
  reinvocationPolicy: Never
`;

RuleTester.run(rule, {
  valid: [{ yaml: policy(`    - patchType: ApplyConfiguration\n      ${APPLY}\n    - patchType: JSONPatch\n      ${PATCH}`) }],
  invalid: [
    {
      name: 'only the other member',
      yaml: policy(`    - patchType: JSONPatch\n      ${APPLY}`),
      errors: [
        {
          path: 'spec.mutations[0].applyConfiguration',
          messageId: 'otherMemberOnly',
          data: { type: 'JSONPatch', other: 'applyConfiguration', otherType: 'ApplyConfiguration', wanted: 'jsonPatch' },
          line: 10,
          column: 7,
          fix: 'ApplyConfiguration',
        },
      ],
    },
    {
      name: 'both members',
      yaml: policy(`    - patchType: ApplyConfiguration\n      ${APPLY}\n      ${PATCH}`),
      errors: [
        {
          path: 'spec.mutations[0].jsonPatch',
          messageId: 'otherMemberBeside',
          data: { other: 'jsonPatch', type: 'ApplyConfiguration' },
        },
      ],
    },
    {
      name: 'neither member',
      yaml: policy('    - patchType: JSONPatch'),
      errors: [
        { path: 'spec.mutations[0].jsonPatch', messageId: 'memberMissing', data: { type: 'JSONPatch', wanted: 'jsonPatch' } },
      ],
    },
  ],
});
