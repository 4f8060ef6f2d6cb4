import { RuleTester } from '@platlint/core/testing';
import rule from './unique-match-condition-names.js';

const policy = (conditions: string): string => `apiVersion: admissionregistration.plat.io/v1
kind: MutatingAdmissionPolicy
metadata: {name: p}
spec:
  matchConstraints:
    resourceRules:
      - {apiGroups: ["apps"], apiVersions: ["v1"], operations: ["CREATE"], resources: ["deployments"]}
  matchConditions:
${conditions}
  mutations:
    - patchType: ApplyConfiguration
      applyConfiguration: {expression: 'Object{spec: Object.spec{replicas: 2}}'}
  reinvocationPolicy: Never
`;

RuleTester.run(rule, {
  valid: [
    {
      yaml: policy(
        '    - {name: replicas-unset, expression: "!has(object.spec.replicas)"}\n    - {name: example.com/not-system, expression: "request.namespace != \'kube-system\'"}',
      ),
    },
  ],
  invalid: [
    {
      yaml: policy(
        '    - {name: replicas-unset, expression: "!has(object.spec.replicas)"}\n    - {name: other, expression: "true"}\n    - {name: replicas-unset, expression: "request.namespace != \'kube-system\'"}',
      ),
      errors: [
        { path: 'spec.matchConditions[2].name', messageId: 'repeated', data: { name: 'replicas-unset' }, line: 11, column: 14 },
      ],
    },
  ],
});
