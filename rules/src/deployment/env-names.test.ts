import { RuleTester } from '@platlint/core/testing';
import rule from './env-names.js';
import { deploymentWithContainer } from './fixtures.js';

const deployment = (env: string): string =>
  deploymentWithContainer(`        env:
${env}`);

RuleTester.run(rule, {
  valid: [
    { yaml: deployment('        - {name: WORKERS, value: "4"}\n        - {name: my.setting-1, value: "x"}\n') },
    {
      name: 'spaces, colons and a leading digit are printable ASCII',
      yaml: deployment('        - {name: "1 a:b", value: "x"}\n'),
    },
    {
      name: 'an empty value next to valueFrom is unset',
      yaml: deployment('        - {name: POD_IP, value: "", valueFrom: {fieldRef: {fieldPath: status.podIP}}}\n'),
    },
  ],
  invalid: [
    {
      name: 'empty, and with "="',
      yaml: deployment('        - {name: "", value: "4"}\n        - {name: "MODE=fast"}\n'),
      errors: [
        { path: 'spec.template.spec.containers[0].env[0].name', messageId: 'environmentVariableNameEmpty', line: 13, column: 18 },
        {
          path: 'spec.template.spec.containers[0].env[1].name',
          messageId: 'environmentVariableNameContains',
          data: { name: 'MODE=fast' },
        },
      ],
    },
    {
      name: 'a character beyond ASCII',
      yaml: deployment('        - {name: "CAFÉ", value: "1"}\n'),
      errors: [
        {
          path: 'spec.template.spec.containers[0].env[0].name',
          messageId: 'badVariableName',
          data: { name: '"CAFÉ"', problem: 'has a character that is not printable ASCII' },
        },
      ],
    },
    {
      name: 'value and valueFrom both set',
      yaml: deployment(
        '        - name: POD_IP\n          value: 10.0.0.1\n          valueFrom: {fieldRef: {fieldPath: status.podIP}}\n',
      ),
      errors: [
        {
          path: 'spec.template.spec.containers[0].env[0].valueFrom',
          messageId: 'variableSetsBothValue',
          data: { name: 'POD_IP' },
          line: 15,
          column: 11,
        },
      ],
    },
  ],
});
