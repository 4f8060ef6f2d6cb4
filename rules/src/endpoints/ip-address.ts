import { defineRule } from '@platlint/core';
import { addressesOf, ipBytes, ipv4Of, reservedRange, subsetsOf } from './shared.js';

export default defineRule({
  meta: {
    id: 'endpoints/ip-address',
    description: 'An endpoint IP may not be loopback, link-local, link-local multicast or unspecified.',
    kinds: ['Endpoints'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document A, Endpoints (EndpointAddress.ip); upstream (API server validation, Endpoints)',
    docs: [
      'Checks `ip` of every entry of `subsets[].addresses` and `subsets[].notReadyAddresses`.',
      'Traffic for a service goes to these addresses from other nodes, so an address that only',
      'means something on the local host or link cannot serve as an endpoint. Rejected are:',
      '',
      '- loopback: `127.0.0.0/8` and `::1`;',
      '- link-local: `169.254.0.0/16` and `fe80::/10`;',
      '- link-local multicast: `224.0.0.0/24` and `ff02::/16` (and the other link-local-scope',
      '  multicast addresses, `ff12::` and so on, which differ only in flag bits);',
      '- unspecified: `0.0.0.0` and `::` (upstream; the spec does not list it).',
      '',
      'An IPv4 address written in its IPv4-mapped IPv6 form (`::ffff:127.0.0.1`) is judged as the',
      'IPv4 address it stands for, as the server does. Whether `ip` parses at all is the',
      '`schema/format` check.',
      '',
      'Spec: document A, Endpoints, EndpointAddress `ip`.',
      '',
      'Fails:',
      '',
      '```yaml',
      'subsets:',
      '- addresses: [{ip: 127.0.0.1}]',
      '  ports: [{port: 8080}]',
      '```',
      '',
      'Passes:',
      '',
      '```yaml',
      'subsets:',
      '- addresses: [{ip: 10.244.1.17}]',
      '  ports: [{port: 8080}]',
      '```',
    ].join('\n'),
  },
  check(context) {
    for (const subset of subsetsOf(context.value)) {
      for (const address of addressesOf(subset)) {
        const bytes = ipBytes(address.ip);
        if (!bytes) continue;
        const reserved = reservedRange(bytes);
        if (!reserved) continue;
        const what = `${address.ip.includes(':') && ipv4Of(bytes) !== undefined ? 'IPv4-mapped ' : ''}${reserved.kind}`;
        const article = /^[aeiouI]/.test(what) ? 'an' : 'a';
        context.report({
          path: address.path,
          message: `"${address.ip}" is ${article} ${what} address (${reserved.range}); an endpoint needs an address other nodes can reach`,
        });
      }
    }
  },
});
