import { RuleTester } from '@platlint/core/testing';
import { egress } from './fixtures.js';
import rule from './egress-transport.js';

const selection = (name: string, connection: string): string =>
  `- name: ${name}\n  connection:\n${connection.replace(/^/gm, '    ')}`;
const TCP = 'tcp:\n  url: http://proxy.example.com:8131';
const UDS = 'uds:\n  udsName: /run/proxy.socket';
const transport = (...parts: string[]): string => `transport:\n${parts.join('\n').replace(/^/gm, '  ')}`;

RuleTester.run(rule, {
  valid: [
    {
      yaml: egress(
        [
          selection('cluster', `proxyProtocol: GRPC\n${transport(UDS)}`),
          selection('controlplane', `proxyProtocol: HTTPConnect\n${transport(TCP)}`),
          selection('etcd', 'proxyProtocol: Direct'),
        ].join('\n'),
      ),
    },
  ],
  invalid: [
    {
      yaml: egress(
        [
          selection('cluster', `proxyProtocol: GRPC\n${transport(TCP)}`),
          selection('controlplane', `proxyProtocol: HTTPConnect`),
          selection('etcd', `proxyProtocol: Direct\ntransport: {}`),
        ].join('\n'),
      ),
      errors: [
        // Reported at the missing uds, on the nearest key (transport).
        { path: 'egressSelections[0].connection.transport.uds', messageId: 'grpcOverTcp', line: 7, column: 7 },
        { path: 'egressSelections[1].connection.transport', messageId: 'transportMissing', data: { protocol: 'HTTPConnect' } },
        { path: 'egressSelections[2].connection.transport', messageId: 'directWithTransport' },
      ],
    },
    {
      yaml: egress(
        [
          selection('cluster', `proxyProtocol: GRPC\n${transport(TCP, UDS)}`),
          selection('controlplane', `proxyProtocol: HTTPConnect\n${transport(TCP, UDS)}`),
          selection('etcd', `proxyProtocol: HTTPConnect\ntransport: {}`),
        ].join('\n'),
      ),
      errors: [
        { path: 'egressSelections[0].connection.transport.tcp', messageId: 'tcpWithGrpc', severity: 'warning' },
        { path: 'egressSelections[1].connection.transport.tcp', messageId: 'both' },
        { path: 'egressSelections[2].connection.transport.tcp', messageId: 'neither', line: 23 },
      ],
    },
    {
      yaml: egress(selection('cluster', 'proxyProtocol: GRPC\ntransport: {}')),
      errors: [{ path: 'egressSelections[0].connection.transport.uds', messageId: 'grpcWithoutUds' }],
    },
  ],
});
