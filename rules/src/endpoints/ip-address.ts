import { defineRule, gateEnabled, isSloppyIPv4 } from '@platlint/core';
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
      'Two non-standard spellings are parsed leniently by this legacy field: IPv4 parts with',
      'leading zeros (`010.0.0.1`, read as 10.0.0.1) and IPv4-mapped IPv6 (`::ffff:10.0.0.1`).',
      'With the StrictIPCIDRValidation gate off (its default; alpha since 1.33) the server accepts',
      'them with a warning that they will be refused in a future release, so this rule warns; with',
      'the gate on (`featureGates: {StrictIPCIDRValidation: true}`) the server refuses them, and so',
      'is the finding an error. Write the plain address (`10.0.0.1`) instead.',
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
    const strict = gateEnabled(context.settings.featureGates, 'StrictIPCIDRValidation', context.settings.release);
    for (const subset of subsetsOf(context.value)) {
      for (const address of addressesOf(subset)) {
        const bytes = ipBytes(address.ip);
        if (!bytes) continue;
        // The lenient legacy parser takes these two spellings; only the strict gate refuses them.
        const form = isSloppyIPv4(address.ip) ? 'has leading zeros' : address.ip.includes(':') && ipv4Of(bytes) !== undefined ? 'is an IPv4-mapped IPv6 address' : undefined;
        if (form) {
          const plain = ipv4Of(bytes)?.join('.') ?? address.ip;
          context.report({
            path: address.path,
            severity: strict ? 'error' : 'warning',
            message: strict
              ? `"${address.ip}" ${form}, which the server refuses with StrictIPCIDRValidation on; write "${plain}"`
              : `"${address.ip}" ${form}; the server accepts it with a warning for now but will refuse it in a future release; write "${plain}"`,
          });
        }
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
