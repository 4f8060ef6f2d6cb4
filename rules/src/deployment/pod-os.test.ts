import { RuleTester } from '@platlint/core/testing';
import { deploymentWithContainer } from './fixtures.js';
import rule from './pod-os.js';

const pod = (os: string, podSecurity: string, containerSecurity = ''): string =>
  `${deploymentWithContainer(containerSecurity === '' ? '' : `        securityContext: ${containerSecurity}\n`)}      os: {name: ${os}}\n${podSecurity === '' ? '' : `      securityContext: ${podSecurity}\n`}`;

RuleTester.run(rule, {
  valid: [
    {
      yaml: pod(
        'windows',
        '{windowsOptions: {runAsUserName: ContainerUser}, runAsNonRoot: true}',
        '{windowsOptions: {hostProcess: false}}',
      ),
    },
    {
      yaml: pod(
        'linux',
        '{runAsUser: 1000, seccompProfile: {type: RuntimeDefault}}',
        '{privileged: false, capabilities: {drop: [ALL]}}',
      ),
    },
    // Empty lists set nothing.
    { yaml: pod('windows', '{sysctls: []}') },
  ],
  invalid: [
    {
      yaml: pod('windows', '{runAsUser: 1000, sysctls: [{name: kernel.msgmax, value: "1"}]}', '{readOnlyRootFilesystem: true}'),
      errors: [
        {
          path: 'spec.template.spec.containers[0].securityContext.readOnlyRootFilesystem',
          messageId: 'fieldOfOtherOs',
          data: { field: 'readOnlyRootFilesystem', os: 'windows' },
        },
        {
          path: 'spec.template.spec.securityContext.runAsUser',
          messageId: 'fieldOfOtherOs',
          data: { field: 'runAsUser', os: 'windows' },
        },
        {
          path: 'spec.template.spec.securityContext.sysctls',
          messageId: 'fieldOfOtherOs',
          data: { field: 'sysctls', os: 'windows' },
        },
      ],
    },
    {
      yaml: pod('linux', '{windowsOptions: {runAsUserName: x}}'),
      errors: [
        {
          path: 'spec.template.spec.securityContext.windowsOptions',
          messageId: 'fieldOfOtherOs',
          data: { field: 'windowsOptions', os: 'linux' },
        },
      ],
    },
  ],
});
