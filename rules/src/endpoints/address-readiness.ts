import { defineRule } from '@platlint/core';
import { addressesOf, ipKey, subsetsOf } from './shared.js';

export default defineRule({
  meta: {
    id: 'endpoints/address-readiness',
    description: 'An address may not be both ready and not ready in one subset.',
    kinds: ['Endpoints'],
    severity: 'warning',
    enforcedBy: 'advice',
    source: 'API document A, Endpoints (EndpointSubset rule 1)',
    docs: [
      'An address of a subset is either ready (`addresses`) or not ready (`notReadyAddresses`),',
      'never both: the two lists decide whether load balancers send traffic to it, and an address',
      'in both leaves that undecided. Addresses are compared as IP addresses, so `::1` and',
      '`0:0::1`, or `10.0.0.5` and `::ffff:10.0.0.5`, are the same address. The finding is placed',
      'on the entry in `notReadyAddresses`. An address whose ports differ in readiness belongs in',
      'separate subsets, one per set of ports.',
      '',
      'Spec: document A, Endpoints, EndpointSubset rule 1. The server does not check this and stores',
      'such an Endpoints object, so the rule warns: the spec asks for it, and an address in both lists',
      'is very likely a mistake.',
      '',
      'Warns:',
      '',
      '```yaml',
      'subsets:',
      '- addresses: [{ip: 10.0.0.5}]',
      '  notReadyAddresses: [{ip: 10.0.0.5}]',
      '  ports: [{port: 8080}]',
      '```',
      '',
      'Passes:',
      '',
      '```yaml',
      'subsets:',
      '- addresses: [{ip: 10.0.0.5}]',
      '  notReadyAddresses: [{ip: 10.0.0.6}]',
      '  ports: [{port: 8080}]',
      '```',
    ].join('\n'),
  },
  check(context) {
    for (const subset of subsetsOf(context.value)) {
      const ready = new Map<string, string>();
      const addresses = addressesOf(subset);
      for (const address of addresses) {
        const key = ipKey(address.ip);
        if (key !== undefined && address.list === 'addresses' && !ready.has(key)) ready.set(key, address.ip);
      }
      for (const address of addresses) {
        if (address.list !== 'notReadyAddresses') continue;
        const key = ipKey(address.ip);
        const other = key === undefined ? undefined : ready.get(key);
        if (other === undefined) continue;
        const also = other === address.ip ? 'is also listed' : `is also listed as "${other}"`;
        context.report({
          path: address.path,
          message: `"${address.ip}" ${also} in addresses of this subset; an address is either ready or not ready: keep it in one of the two lists`,
        });
      }
    }
  },
});
