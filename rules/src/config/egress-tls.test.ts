import { RuleTester } from '@platlint/core/testing';
import { egress } from './fixtures.js';
import rule from './egress-tls.js';

const tcp = (name: string, body: string): string =>
  `- name: ${name}\n  connection:\n    proxyProtocol: HTTPConnect\n    transport:\n      tcp:\n${body.replace(/^/gm, '        ')}`;
const TLS = 'tlsConfig:\n  caBundle: /pki/ca.crt\n  clientKey: /pki/client.key\n  clientCert: /pki/client.crt';

RuleTester.run(rule, {
  valid: [
    {
      yaml: egress(
        [
          tcp('cluster', `url: https://proxy.example.com:8131\n${TLS}`),
          tcp('controlplane', 'url: http://proxy.example.com:8131'),
        ].join('\n'),
      ),
    },
  ],
  invalid: [
    {
      yaml: egress(
        [
          tcp('cluster', 'url: https://proxy.example.com:8131'),
          tcp('controlplane', `url: http://proxy.example.com:8131\n${TLS}`),
          tcp('etcd', 'url: https://proxy.example.com:8131\ntlsConfig:\n  clientCert: ""'),
        ].join('\n'),
      ),
      errors: [
        { path: 'egressSelections[0].connection.transport.tcp.tlsConfig', messageId: 'tlsMissing' },
        { path: 'egressSelections[1].connection.transport.tcp.tlsConfig', messageId: 'tlsWithHttp', line: 16, column: 11 },
        {
          path: 'egressSelections[2].connection.transport.tcp.tlsConfig.clientKey',
          messageId: 'tlsFieldMissing',
          data: { field: 'clientKey', file: 'key' },
        },
        {
          path: 'egressSelections[2].connection.transport.tcp.tlsConfig.clientCert',
          messageId: 'tlsFieldMissing',
          data: { field: 'clientCert', file: 'certificate' },
        },
      ],
    },
    {
      yaml: egress(tcp('cluster', 'url: grpc://proxy.example.com:8131')),
      errors: [
        {
          path: 'egressSelections[0].connection.transport.tcp.url',
          messageId: 'badScheme',
          data: { url: '"grpc://proxy.example.com:8131"' },
        },
      ],
    },
  ],
});
