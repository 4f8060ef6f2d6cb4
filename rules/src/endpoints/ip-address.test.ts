import { RuleTester } from '@platlint/core/testing';
import rule from './ip-address.js';

const endpoints = (...ips: string[]): string => `apiVersion: v1
kind: Endpoints
metadata: {name: db, namespace: data}
subsets:
- addresses:
${ips.map((ip) => `  - ip: "${ip}"`).join('\n')}
  ports: [{port: 5432}]
`;

RuleTester.run(rule, {
  valid: [
    { name: 'private IPv4 and IPv6 addresses', yaml: endpoints('10.244.1.17', '192.168.0.1', 'fd00:10:244::15', '2001:db8::1') },
    {
      name: 'neighbours of the reserved ranges',
      yaml: endpoints(
        '126.255.255.255',
        '128.0.0.1',
        '169.253.0.1',
        '169.255.0.1',
        '224.0.1.1',
        'fec0::1',
        'ff05::1',
        '::2',
        '0.0.0.1',
      ),
    },
    { name: 'an IPv4-compatible (not mapped) address is IPv6', yaml: endpoints('::127.0.0.1') },
  ],
  invalid: [
    {
      // The legacy lenient parser takes both spellings; the server only warns unless StrictIPCIDRValidation is on.
      name: 'leading zeros and an IPv4-mapped address are warnings with the strict gate off',
      yaml: endpoints('010.000.000.001', '::ffff:10.0.0.1'),
      errors: [
        {
          path: 'subsets[0].addresses[0].ip',
          severity: 'warning',
          messageId: 'legacyForm',
          data: { ip: '010.000.000.001', form: 'has leading zeros', plain: '10.0.0.1' },
        },
        {
          path: 'subsets[0].addresses[1].ip',
          severity: 'warning',
          message: /^"::ffff:10.0.0.1" is an IPv4-mapped IPv6 address; .* write "10.0.0.1"$/,
        },
      ],
    },
    {
      name: 'leading zeros are errors with StrictIPCIDRValidation on, and still judged by the range they stand for',
      featureGates: { StrictIPCIDRValidation: true },
      yaml: endpoints('010.0.0.1', '127.000.000.001'),
      errors: [
        {
          path: 'subsets[0].addresses[0].ip',
          severity: 'error',
          messageId: 'strictForm',
          data: { ip: '010.0.0.1', form: 'has leading zeros', plain: '10.0.0.1' },
        },
        { path: 'subsets[0].addresses[1].ip', severity: 'error', message: /^"127.000.000.001" has leading zeros/ },
        { path: 'subsets[0].addresses[1].ip', message: /^"127.000.000.001" is a loopback address/ },
      ],
    },
    {
      name: 'each reserved IPv4 range',
      yaml: endpoints('127.0.0.1', '127.255.0.9', '169.254.10.1', '224.0.0.251', '0.0.0.0'),
      errors: [
        {
          path: 'subsets[0].addresses[0].ip',
          messageId: 'reserved',
          data: { ip: '127.0.0.1', article: 'a', what: 'loopback', range: '127.0.0.0/8' },
          line: 6,
          column: 9,
        },
        {
          path: 'subsets[0].addresses[1].ip',
          messageId: 'reserved',
          data: { ip: '127.255.0.9', article: 'a', what: 'loopback', range: '127.0.0.0/8' },
        },
        {
          path: 'subsets[0].addresses[2].ip',
          messageId: 'reserved',
          data: { ip: '169.254.10.1', article: 'a', what: 'link-local', range: '169.254.0.0/16' },
        },
        {
          path: 'subsets[0].addresses[3].ip',
          messageId: 'reserved',
          data: { ip: '224.0.0.251', article: 'a', what: 'link-local multicast', range: '224.0.0.0/24' },
        },
        {
          path: 'subsets[0].addresses[4].ip',
          messageId: 'reserved',
          data: { ip: '0.0.0.0', article: 'an', what: 'unspecified', range: '0.0.0.0' },
        },
      ],
    },
    {
      name: 'each reserved IPv6 range',
      yaml: endpoints('::1', '0:0:0:0:0:0:0:1', 'fe80::1', 'febf::1', 'ff02::fb', 'ff12::1', '::'),
      errors: [
        { path: 'subsets[0].addresses[0].ip', message: /^"::1" is a loopback address \(::1\)/ },
        { path: 'subsets[0].addresses[1].ip', message: /^"0:0:0:0:0:0:0:1" is a loopback address/ },
        { path: 'subsets[0].addresses[2].ip', message: /^"fe80::1" is a link-local address \(fe80::\/10\)/ },
        { path: 'subsets[0].addresses[3].ip', message: /^"febf::1" is a link-local address/ },
        { path: 'subsets[0].addresses[4].ip', message: /^"ff02::fb" is a link-local multicast address \(ff02::\/16\)/ },
        { path: 'subsets[0].addresses[5].ip', message: /^"ff12::1" is a link-local multicast address \(link-local scope/ },
        { path: 'subsets[0].addresses[6].ip', message: /^"::" is an unspecified address \(::\)/ },
      ],
    },
    {
      name: 'IPv4-mapped forms, dotted and hexadecimal',
      yaml: endpoints('::ffff:127.0.0.1', '::ffff:a9fe:101', '0:0:0:0:0:ffff:0.0.0.0'),
      errors: [
        {
          path: 'subsets[0].addresses[0].ip',
          severity: 'warning',
          message: /^"::ffff:127.0.0.1" is an IPv4-mapped IPv6 address; /,
        },
        {
          path: 'subsets[0].addresses[0].ip',
          messageId: 'reserved',
          data: { ip: '::ffff:127.0.0.1', article: 'an', what: 'IPv4-mapped loopback', range: '127.0.0.0/8' },
        },
        {
          path: 'subsets[0].addresses[1].ip',
          severity: 'warning',
          message: /^"::ffff:a9fe:101" is an IPv4-mapped IPv6 address; .* write "169.254.1.1"$/,
        },
        {
          path: 'subsets[0].addresses[1].ip',
          message: /^"::ffff:a9fe:101" is an IPv4-mapped link-local address \(169.254.0.0\/16\)/,
        },
        {
          path: 'subsets[0].addresses[2].ip',
          severity: 'warning',
          message: /^"0:0:0:0:0:ffff:0.0.0.0" is an IPv4-mapped IPv6 address; /,
        },
        { path: 'subsets[0].addresses[2].ip', message: /^"0:0:0:0:0:ffff:0.0.0.0" is an IPv4-mapped unspecified address/ },
      ],
    },
    {
      name: 'not-ready addresses and later subsets, in a list',
      yaml: `apiVersion: v1
kind: EndpointsList
items:
- metadata: {name: db, namespace: data}
  subsets:
  - addresses: [{ip: 10.0.0.1}]
  - notReadyAddresses: [{ip: 10.0.0.2}, {ip: 127.0.0.2}]
`,
      errors: [{ path: 'items[0].subsets[1].notReadyAddresses[1].ip', message: /^"127.0.0.2" is a loopback address/ }],
    },
  ],
});
