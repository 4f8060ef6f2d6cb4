import { describe, expect, it } from 'vitest';
import { RuleTester } from '@platlint/core/testing';
import rule from './container-ports.js';
import { deploymentWithContainer } from './fixtures.js';

const deployment = (ports: string): string =>
  deploymentWithContainer(`        ports:
${ports}`);
/** The same, on the host's network (the pod spec's key goes after the container list). */
const onHost = (ports: string): string => `${deployment(ports)}      hostNetwork: true\n`;

RuleTester.run(rule, {
  valid: [
    {
      name: 'bounds',
      yaml: deployment('        - {containerPort: 1, hostPort: 0}\n        - {containerPort: 65535, hostPort: 65535}\n'),
    },
    {
      name: 'host network: hostPort absent (defaulted to containerPort) or equal',
      yaml: onHost('        - {containerPort: 8080}\n        - {containerPort: 9090, hostPort: 9090}\n'),
    },
    { name: 'hostPort may differ off the host network', yaml: deployment('        - {containerPort: 8080, hostPort: 80}\n') },
    {
      name: 'one host port for two protocols or two host IPs',
      yaml: deployment(
        '        - {containerPort: 53, hostPort: 53}\n        - {containerPort: 53, hostPort: 53, protocol: UDP}\n        - {containerPort: 54, hostPort: 53, hostIP: 10.0.0.1}\n',
      ),
    },
    // A template's hostPort is not defaulted from containerPort, so only explicit ones can clash.
    {
      name: 'the same containerPort twice on the host network, no hostPort',
      yaml: onHost('        - {containerPort: 80}\n        - {containerPort: 80, name: other}\n'),
    },
    {
      name: 'an init container may reuse a host port',
      yaml: `${deployment('        - {containerPort: 80, hostPort: 80}\n')}      initContainers: [{name: init, image: busybox, ports: [{containerPort: 80, hostPort: 80}]}]\n`,
    },
  ],
  invalid: [
    {
      name: 'a host port taken twice',
      yaml: deployment(
        '        - {containerPort: 80, hostPort: 8080}\n        - {containerPort: 81, hostPort: 8080, protocol: TCP}\n',
      ),
      errors: [
        {
          path: 'spec.template.spec.containers[0].ports[1].hostPort',
          messageId: 'hostPortTaken',
          data: { port: 8080, protocol: 'TCP' },
        },
      ],
    },
    {
      name: 'out of range',
      yaml: deployment(
        '        - {containerPort: 0}\n        - {containerPort: 80800, hostPort: -1}\n        - {containerPort: 80, hostPort: 65536}\n',
      ),
      errors: [
        {
          path: 'spec.template.spec.containers[0].ports[0].containerPort',
          messageId: 'containerPortOutOfRange',
          data: { containerPort: 0 },
          line: 13,
          column: 27,
        },
        {
          path: 'spec.template.spec.containers[0].ports[1].containerPort',
          messageId: 'containerPortOutOfRange',
          data: { containerPort: 80800 },
        },
        { path: 'spec.template.spec.containers[0].ports[1].hostPort', messageId: 'hostPortOutOfRange', data: { hostPort: -1 } },
        {
          path: 'spec.template.spec.containers[0].ports[2].hostPort',
          messageId: 'hostPortOutOfRange',
          data: { hostPort: 65536 },
        },
      ],
    },
    {
      name: 'host network: hostPort differs from containerPort',
      yaml: onHost('        - {containerPort: 8080, hostPort: 80}\n'),
      errors: [
        {
          path: 'spec.template.spec.containers[0].ports[0].containerPort',
          messageId: 'containerPortDiffersFromHostPort',
          data: { containerPort: 8080, hostPort: 80 },
          line: 13,
        },
      ],
    },
  ],
});

describe('deployment/container-ports docs', () => {
  it('say where recent servers report a hostNetwork port mismatch (hostPort), not that upstream uses containerPort', () => {
    expect(rule.meta.docs).toMatch(/recent servers report the same\s+mismatch on `hostPort`/);
    expect(rule.meta.docs).not.toMatch(/as upstream places it/);
  });
});
