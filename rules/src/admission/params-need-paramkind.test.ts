import { RuleTester } from '@platlint/core/testing';
import rule from './params-need-paramkind.js';

const policy = (paramKind: string, condition: string): string => `apiVersion: admissionregistration.plat.io/v1
kind: MutatingAdmissionPolicy
metadata: {name: p}
spec:
${paramKind}  matchConstraints:
    resourceRules:
      - {apiGroups: ["apps"], apiVersions: ["v1"], operations: ["CREATE"], resources: ["deployments"]}
  matchConditions:
    - name: enabled
      expression: ${condition}
  mutations:
    - patchType: ApplyConfiguration
      applyConfiguration: {expression: 'Object{spec: Object.spec{replicas: 2}}'}
  reinvocationPolicy: Never
`;

RuleTester.run(rule, {
  valid: [
    { yaml: policy('  paramKind: {apiVersion: v1, kind: ConfigMap}\n', '\'params.data["enabled"] == "true"\'') },
    { name: 'a field or a string named params', yaml: policy('', '\'object.metadata.name != "params"\'') },
  ],
  invalid: [
    {
      yaml: policy('', '\'has(params.data) && params.data["enabled"] == "true"\''),
      errors: [
        { path: 'spec.matchConditions[0].expression', messageId: 'paramsWithoutParamKind', line: 10, column: 24 },
        { path: 'spec.matchConditions[0].expression', messageId: 'paramsWithoutParamKind', line: 10, column: 40 },
      ],
    },
  ],
});
