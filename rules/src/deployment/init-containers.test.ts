import { RuleTester } from '@platlint/core/testing';
import { deploymentWithPod } from './fixtures.js';
import rule from './init-containers.js';

const init = (fields: string): string =>
  deploymentWithPod(`      initContainers:\n      - name: init\n        image: busybox\n${fields}`);

RuleTester.run(rule, {
  valid: [
    { yaml: init('') },
    {
      yaml: init(
        '        restartPolicy: Always\n        startupProbe: {exec: {command: [x]}}\n        lifecycle: {preStop: {sleep: {seconds: 1}}}\n',
      ),
    },
  ],
  invalid: [
    {
      yaml: init('        livenessProbe: {exec: {command: [x]}}\n        lifecycle: {postStart: {exec: {command: [x]}}}\n'),
      errors: [
        {
          path: 'spec.template.spec.initContainers[0].livenessProbe',
          messageId: 'runningOnly',
          data: { field: 'livenessProbe' },
        },
        { path: 'spec.template.spec.initContainers[0].lifecycle', messageId: 'runningOnly', data: { field: 'lifecycle' } },
      ],
    },
  ],
});
