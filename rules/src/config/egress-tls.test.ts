import { RuleTester } from '@platlint/core/testing';
import { egress } from './fixtures.js';
import rule from './egress-tls.js';

const tcp = (name: string, body: string): string =>
  `- name: ${name}\n  connection:\n    proxyProtocol: HTTPConnect\n    transport:\n      tcp:\n${body.replace(/^/gm, '        ')}`;
const TLS = 'tlsConfig:\n  caBundle: /pki/ca.crt\n  clientKey: /pki/client.key\n  clientCert: /pki/client.crt';

RuleTester.run(rule, {
  valid: [{ yaml: egress([tcp('cluster', `url: https://proxy.example.com:8131\n${TLS}`), tcp('controlplane', 'url: http://proxy.example.com:8131')].join('\n')) }],
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
        { path: 'egressSelections[0].connection.transport.tcp.tlsConfig', message: 'an https:// url needs tlsConfig with clientKey and clientCert' },
        { path: 'egressSelections[1].connection.transport.tcp.tlsConfig', message: 'tlsConfig is not used with an http:// url; remove it or switch the url to https://', line: 16, column: 11 },
        { path: 'egressSelections[2].connection.transport.tcp.tlsConfig.clientKey', message: 'clientKey is required with an https:// url; give the path of the client key file' },
        { path: 'egressSelections[2].connection.transport.tcp.tlsConfig.clientCert', message: 'clientCert is required with an https:// url; give the path of the client certificate file' },
      ],
    },
    {
      yaml: egress(tcp('cluster', 'url: grpc://proxy.example.com:8131')),
      errors: [{ path: 'egressSelections[0].connection.transport.tcp.url', message: 'url "grpc://proxy.example.com:8131" must start with http:// or https://' }],
    },
  ],
});
