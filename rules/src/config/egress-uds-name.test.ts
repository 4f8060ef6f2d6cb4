import { RuleTester } from '@platlint/core/testing';
import { egress } from './fixtures.js';
import rule from './egress-uds-name.js';

const uds = (name: string, udsName: string): string =>
  `- name: ${name}\n  connection:\n    proxyProtocol: GRPC\n    transport:\n      uds:\n        udsName: ${udsName}`;

RuleTester.run(rule, {
  valid: [{ yaml: egress(uds('cluster', '/run/konnectivity.socket')) }],
  invalid: [
    {
      yaml: egress([uds('cluster', '"unix:///run/konnectivity.socket"'), uds('etcd', '""')].join('\n')),
      errors: [
        {
          path: 'egressSelections[0].connection.transport.uds.udsName',
          messageId: 'unixPrefix',
          data: { bare: '"/run/konnectivity.socket"' },
          severity: 'warning',
          fix: '"/run/konnectivity.socket"',
          line: 9,
          column: 20,
        },
        { path: 'egressSelections[1].connection.transport.uds.udsName', messageId: 'empty' },
      ],
    },
  ],
});
