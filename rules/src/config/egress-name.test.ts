import { RuleTester } from '@platlint/core/testing';
import { egress } from './fixtures.js';
import rule from './egress-name.js';

const direct = (name: string): string => `- name: ${name}\n  connection:\n    proxyProtocol: Direct`;

RuleTester.run(rule, {
  valid: [
    { yaml: egress([direct('controlplane'), direct('etcd'), direct('cluster')].join('\n')) },
    // The server lowercases names before it checks them (E3).
    { yaml: egress([direct('ControlPlane'), direct('ETCD'), direct('Cluster')].join('\n')) },
  ],
  invalid: [
    {
      yaml: egress([direct('master'), direct('etcd'), direct('controlplane'), direct('etcd')].join('\n')),
      errors: [
        {
          path: 'egressSelections[0].name',
          messageId: 'masterDeprecated',
          severity: 'warning',
          fix: 'controlplane',
          line: 4,
          column: 11,
        },
        {
          path: 'egressSelections[2].name',
          messageId: 'repeated',
          data: { firstIndex: 0, destination: 'controlplane (as master)' },
        },
        { path: 'egressSelections[3].name', messageId: 'repeated', data: { firstIndex: 1, destination: '"etcd"' } },
      ],
    },
    {
      name: 'names collide ignoring case',
      yaml: egress([direct('cluster'), direct('CLUSTER')].join('\n')),
      errors: [{ path: 'egressSelections[1].name', messageId: 'repeated', data: { firstIndex: 0, destination: '"cluster"' } }],
    },
    {
      name: 'unknown names; Master is not the legacy spelling',
      yaml: egress([direct('proxy'), direct('Master')].join('\n')),
      errors: [
        { path: 'egressSelections[0].name', messageId: 'unknownDestination', data: { name: '"proxy"' } },
        { path: 'egressSelections[1].name', messageId: 'unknownDestination', data: { name: '"Master"' } },
      ],
    },
  ],
});
