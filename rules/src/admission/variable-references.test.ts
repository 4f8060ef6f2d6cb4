import { RuleTester } from '@platlint/core/testing';
import rule from './variable-references.js';

const policy = (
  variables: string,
  mutation = "'Object{spec: Object.spec{replicas: 2}}'",
): string => `apiVersion: admissionregistration.plat.io/v1
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
      applyConfiguration:
        expression: ${mutation}
  reinvocationPolicy: Never
`;

RuleTester.run(rule, {
  valid: [
    {
      yaml: policy(
        '    - {name: base, expression: "2"}\n    - {name: doubled, expression: "variables.base * 2"}',
        "'Object{spec: Object.spec{replicas: variables.doubled}}'",
      ),
    },
    {
      name: 'text in strings and fields of other objects is not a reference',
      yaml: policy('    - {name: base, expression: "\'variables.later\' + object.variables.later + r\\"variables.x\\""}'),
    },
  ],
  invalid: [
    {
      name: 'a later variable, pointed at inside a quoted string',
      yaml: policy('    - {name: doubled, expression: "variables.base * 2"}\n    - {name: base, expression: "2"}'),
      errors: [{ path: 'spec.variables[0].expression', messageId: 'laterVariable', data: { name: 'base' }, line: 9, column: 46 }],
    },
    {
      name: 'itself',
      yaml: policy('    - {name: base, expression: "variables.base + 1"}'),
      errors: [{ path: 'spec.variables[0].expression', messageId: 'selfReference', data: { name: 'base' } }],
    },
    {
      name: 'an unknown name in a block scalar mutation',
      yaml: policy(
        '    - {name: base, expression: "2"}',
        '|\n          Object{spec: Object.spec{\n            replicas: variables.bsae}}',
      ),
      errors: [
        {
          path: 'spec.mutations[0].applyConfiguration.expression',
          messageId: 'unknownVariable',
          data: { name: 'bsae', hint: 'declared: "base"' },
          line: 15,
          column: 33,
        },
      ],
    },
  ],
});
