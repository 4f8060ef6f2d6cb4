import { RuleTester } from '@platlint/core/testing';
import rule from './variable-names.js';

const policy = (variables: string): string => `apiVersion: admissionregistration.plat.io/v1
kind: MutatingAdmissionPolicy
metadata: {name: p}
spec:
  matchConstraints:
    resourceRules:
      - {apiGroups: ["apps"], apiVersions: ["v1"], operations: ["CREATE"], resources: ["deployments"]}
  variables:
${variables}
  mutations:
    - patchType: ApplyConfiguration
      applyConfiguration: {expression: 'Object{spec: Object.spec{replicas: 2}}'}
  reinvocationPolicy: Never
`;

RuleTester.run(rule, {
  valid: [{ yaml: policy('    - {name: minReplicas, expression: "2"}\n    - {name: _max_2, expression: "3"}') }],
  invalid: [
    {
      yaml: policy(
        '    - {name: min-replicas, expression: "2"}\n    - {name: 2max, expression: "2"}\n    - {name: namespace, expression: "2"}\n    - {name: a, expression: "1"}\n    - {name: a, expression: "2"}',
      ),
      errors: [
        { path: 'spec.variables[0].name', messageId: 'notIdentifier', data: { name: 'min-replicas' }, line: 9, column: 14 },
        { path: 'spec.variables[1].name', messageId: 'notIdentifier', data: { name: '2max' } },
        { path: 'spec.variables[2].name', messageId: 'reservedWord', data: { name: 'namespace' } },
        { path: 'spec.variables[4].name', severity: 'warning', messageId: 'repeated', data: { name: 'a' } },
      ],
    },
  ],
});
