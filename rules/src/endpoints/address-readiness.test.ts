import { RuleTester } from '@platlint/core/testing';
import rule from './address-readiness.js';

const endpoints = (subsets: string): string => `apiVersion: v1
kind: Endpoints
metadata: {name: web, namespace: shop}
subsets:
${subsets}`;

RuleTester.run(rule, {
  valid: [
    {
      name: 'ready and not-ready addresses differ',
      yaml: endpoints('- addresses: [{ip: 10.0.0.5}]\n  notReadyAddresses: [{ip: 10.0.0.6}]\n  ports: [{port: 80}]\n'),
    },
    {
      name: 'one address ready for one port and not ready for another, in two subsets',
      yaml: endpoints(
        '- addresses: [{ip: 10.0.0.5}]\n  ports: [{port: 80}]\n- notReadyAddresses: [{ip: 10.0.0.5}]\n  ports: [{port: 81}]\n',
      ),
    },
    { name: 'only not-ready addresses', yaml: endpoints('- notReadyAddresses: [{ip: 10.0.0.5}, {ip: 10.0.0.5}]\n') },
  ],
  invalid: [
    {
      name: 'the same IP in both lists',
      yaml: endpoints(
        '- addresses: [{ip: 10.0.0.4}, {ip: 10.0.0.5}]\n  notReadyAddresses: [{ip: 10.0.0.6}, {ip: 10.0.0.5}]\n  ports: [{port: 80}]\n',
      ),
      errors: [
        {
          severity: 'warning',
          path: 'subsets[0].notReadyAddresses[1].ip',
          messageId: 'inBoth',
          data: { ip: '10.0.0.5' },
          line: 6,
          column: 44,
        },
      ],
    },
    {
      name: 'the same address written differently',
      yaml: endpoints(
        '- addresses: [{ip: "fd00::5"}, {ip: 10.0.0.7}]\n  notReadyAddresses: [{ip: "fd00:0:0::0005"}, {ip: "::ffff:10.0.0.7"}]\n',
      ),
      errors: [
        { path: 'subsets[0].notReadyAddresses[0].ip', message: /^"fd00:0:0::0005" is also listed as "fd00::5" in addresses/ },
        { path: 'subsets[0].notReadyAddresses[1].ip', message: /^"::ffff:10.0.0.7" is also listed as "10.0.0.7" in addresses/ },
      ],
    },
  ],
});
