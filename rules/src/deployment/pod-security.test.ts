import { RuleTester } from '@platlint/core/testing';
import { deploymentWithContainer, deploymentWithPod } from './fixtures.js';
import rule from './pod-security.js';

const at = 'spec.template.spec';

RuleTester.run(rule, {
  valid: [
    {
      yaml: deploymentWithPod(
        '      hostUsers: false\n      securityContext: {appArmorProfile: {type: Localhost, localhostProfile: k8s-apparmor-example}}\n',
      ),
    },
    { yaml: deploymentWithPod('      shareProcessNamespace: true\n') },
    {
      yaml: deploymentWithPod(
        '      securityContext: {supplementalGroups: [0, 2147483647], sysctls: [{name: net.ipv4.ip_local_port_range, value: "1024 65535"}, {name: kernel/shm_rmid_forced, value: "0"}]}\n',
      ),
    },
    {
      yaml: deploymentWithPod(
        '      securityContext: {seccompProfile: {type: Localhost, localhostProfile: profiles/audit.json}}\n',
      ),
    },
    { yaml: deploymentWithContainer('        securityContext: {seccompProfile: {type: RuntimeDefault}}\n') },
  ],
  invalid: [
    {
      yaml: deploymentWithPod('      hostUsers: false\n      hostPID: true\n      hostIPC: true\n'),
      errors: [
        { path: `${at}.hostPID`, messageId: 'hostNamespaceWithoutHostUsers', data: { field: 'hostPID' } },
        { path: `${at}.hostIPC`, messageId: 'hostNamespaceWithoutHostUsers', data: { field: 'hostIPC' } },
      ],
    },
    {
      yaml: deploymentWithContainer('        securityContext: {appArmorProfile: {type: Localhost, localhostProfile: " "}}\n'),
      errors: [
        { path: `${at}.containers[0].securityContext.appArmorProfile.localhostProfile`, messageId: 'appArmorEmptyProfile' },
      ],
    },
    {
      yaml: deploymentWithPod('      shareProcessNamespace: true\n      hostPID: true\n'),
      errors: [{ path: `${at}.shareProcessNamespace`, messageId: 'sharedPidAndHostPid' }],
    },
    {
      yaml: deploymentWithPod('      securityContext: {supplementalGroups: [-1]}\n'),
      errors: [{ path: `${at}.securityContext.supplementalGroups[0]`, messageId: 'groupIdOutOfRange', data: { id: -1 } }],
    },
    {
      yaml: deploymentWithPod('      securityContext: {sysctls: [{name: "Kernel.msgmax", value: "1"}]}\n'),
      errors: [{ path: `${at}.securityContext.sysctls[0].name`, messageId: 'badSysctlName', data: { name: 'Kernel.msgmax' } }],
    },
    {
      yaml: deploymentWithPod(
        '      securityContext: {sysctls: [{name: kernel.msgmax, value: "1"}, {name: kernel.msgmax, value: "2"}]}\n',
      ),
      errors: [{ path: `${at}.securityContext.sysctls[1].name`, messageId: 'sysctlTwice', data: { name: 'kernel.msgmax' } }],
    },
    {
      yaml: deploymentWithPod('      securityContext: {seccompProfile: {type: Localhost}}\n'),
      errors: [
        {
          path: `${at}.securityContext.seccompProfile.localhostProfile`,
          messageId: 'localhostNeedsProfile',
          data: { field: 'seccompProfile' },
        },
      ],
    },
    {
      yaml: deploymentWithContainer('        securityContext: {seccompProfile: {type: Unconfined, localhostProfile: x.json}}\n'),
      errors: [
        {
          path: `${at}.containers[0].securityContext.seccompProfile.localhostProfile`,
          messageId: 'profileNotLocalhost',
          data: { type: 'Unconfined' },
        },
      ],
    },
    {
      yaml: deploymentWithPod('      securityContext: {seccompProfile: {type: Localhost, localhostProfile: ../etc/x.json}}\n'),
      errors: [
        {
          path: `${at}.securityContext.seccompProfile.localhostProfile`,
          messageId: 'badLocalhostProfile',
          data: { local: '../etc/x.json' },
        },
      ],
    },
  ],
});
