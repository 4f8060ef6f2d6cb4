import { RuleTester } from '@platlint/core/testing';
import rule from './port-name.js';

const endpoints = (ports: string): string => `apiVersion: v1
kind: Endpoints
metadata: {name: web, namespace: shop}
subsets:
- addresses: [{ip: 10.0.0.5}]
  ports: ${ports}
`;

RuleTester.run(rule, {
  valid: [
    { name: 'one unnamed port', yaml: endpoints('[{port: 80}]') },
    // The v1 defaults set TCP for an empty protocol, as for an absent one.
    { name: 'an empty name and protocol on a lone port', yaml: endpoints('[{name: "", port: 80, protocol: ""}]') },
    { name: 'two named ports', yaml: endpoints('[{name: http, port: 80}, {name: admin, port: 9090}]') },
  ],
  invalid: [
    {
      name: 'some ports unnamed',
      yaml: endpoints('[{port: 80}, {name: admin, port: 9090}, {port: 9091, protocol: UDP}]'),
      errors: [
        { path: 'subsets[0].ports[0].name', messageId: 'unnamed', data: { which: 'port 80', count: 3 }, line: 6, column: 11 },
        { path: 'subsets[0].ports[2].name', messageId: 'unnamed', data: { which: 'port 9091', count: 3 } },
      ],
    },
    {
      name: 'an empty name counts as missing',
      yaml: endpoints('[{name: "", port: 80}, {name: admin, port: 9090}]'),
      errors: [{ path: 'subsets[0].ports[0].name', message: /^port 80 has no name; a subset with 2 ports/, line: 6 }],
    },
    {
      name: 'in the second subset only',
      yaml: `apiVersion: v1
kind: Endpoints
metadata: {name: web, namespace: shop}
subsets:
- addresses: [{ip: 10.0.0.5}]
  ports: [{port: 80}]
- addresses: [{ip: 10.0.0.6}]
  ports:
  - name: http
    port: 80
  - port: 443
`,
      errors: [
        { path: 'subsets[1].ports[1].name', message: /^port 443 has no name; a subset with 2 ports/, line: 11, column: 5 },
      ],
    },
  ],
});
