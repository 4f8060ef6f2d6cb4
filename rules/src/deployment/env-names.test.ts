import { RuleTester } from '@platlint/core/testing';
import rule from './env-names.js';
import { deploymentWithContainer } from './fixtures.js';

const deployment = (env: string): string => deploymentWithContainer(`        env:
${env}`);

RuleTester.run(rule, {
  valid: [{ yaml: deployment('        - {name: WORKERS, value: "4"}\n        - {name: my.setting-1, value: "x"}\n') }],
  invalid: [
    {
      name: 'empty, and with "="',
      yaml: deployment('        - {name: "", value: "4"}\n        - {name: "MODE=fast"}\n'),
      errors: [
        { path: 'spec.template.spec.containers[0].env[0].name', message: 'environment variable name is empty; give the variable a name', line: 13, column: 18 },
        { path: 'spec.template.spec.containers[0].env[1].name', message: `environment variable name "MODE=fast" contains '='; put the value in value, not in the name` },
      ],
    },
  ],
});
