import { RuleTester } from '@platlint/core/testing';
import rule from './app-protocol.js';

const endpoints = (...protocols: string[]): string => `apiVersion: v1
kind: Endpoints
metadata: {name: web, namespace: shop}
subsets:
- addresses: [{ip: 10.0.0.5}]
  ports:
${protocols.map((p, i) => `  - {name: p${i}, port: ${8000 + i}, appProtocol: "${p}"}`).join('\n')}
`;

RuleTester.run(rule, {
  valid: [
    { name: 'IANA service names', yaml: endpoints('http', 'https', 'grpc', 'HTTP', 'h2', 'x-11', 'a', 'abcdefghijklmno') },
    { name: 'platform protocols', yaml: endpoints('plat.io/h2c', 'plat.io/ws', 'plat.io/wss') },
    {
      name: 'implementation-defined prefixed names',
      yaml: endpoints('example.com/my_proto', 'kubernetes.io/h2c', 'sub.plat.io/anything', 'mesh.example/Grpc.Web'),
    },
  ],
  invalid: [
    {
      name: 'un-prefixed names outside RFC 6335 syntax',
      yaml: endpoints('my_proto', 'abcdefghijklmnop', '8080', 'web--socket', 'grpc.web'),
      errors: [
        {
          severity: 'warning',
          path: 'subsets[0].ports[0].appProtocol',
          messageId: 'serviceName',
          data: {
            value: 'my_proto',
            problem: "may only hold letters, digits and '-' as an IANA service name",
            lowerCase: 'my_proto',
          },
          line: 7,
          column: 41,
        },
        {
          path: 'subsets[0].ports[1].appProtocol',
          message: /^un-prefixed appProtocol "abcdefghijklmnop" is 16 characters long; an IANA service name has at most 15;/,
        },
        {
          path: 'subsets[0].ports[2].appProtocol',
          message: /^un-prefixed appProtocol "8080" needs at least one letter to be an IANA service name;/,
        },
        {
          path: 'subsets[0].ports[3].appProtocol',
          message: /^un-prefixed appProtocol "web--socket" may not hold '--' as an IANA service name;/,
        },
        {
          path: 'subsets[0].ports[4].appProtocol',
          message: /^un-prefixed appProtocol "grpc.web" may only hold letters, digits and '-'/,
        },
      ],
    },
    {
      name: 'plat.io/ names the platform does not define',
      yaml: endpoints('plat.io/grpc', 'plat.io/H2C', 'plat.io/Wss'),
      errors: [
        {
          path: 'subsets[0].ports[0].appProtocol',
          messageId: 'reservedPrefix',
          data: { value: 'plat.io/grpc', choices: '"plat.io/h2c", "plat.io/ws", "plat.io/wss"' },
        },
        {
          path: 'subsets[0].ports[1].appProtocol',
          messageId: 'caseOnly',
          data: { value: 'plat.io/H2C', spelled: 'plat.io/h2c' },
          fix: '"plat.io/h2c"',
        },
        {
          path: 'subsets[0].ports[2].appProtocol',
          messageId: 'caseOnly',
          data: { value: 'plat.io/Wss', spelled: 'plat.io/wss' },
          fix: '"plat.io/wss"',
        },
      ],
    },
  ],
});
