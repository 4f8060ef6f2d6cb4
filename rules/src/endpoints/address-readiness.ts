import { defineRule } from '@platlint/core';
import { addressesOf, ipKey, subsetsOf } from './shared.js';
import docs from './address-readiness.md';

export default defineRule({
  meta: {
    id: 'endpoints/address-readiness',
    description: 'An address may not be both ready and not ready in one subset.',
    kinds: ['Endpoints'],
    severity: 'warning',
    enforcedBy: 'advice',
    source: 'API document A, Endpoints (EndpointSubset rule 1)',
    docs,
    messages: {
      inBoth:
        '"{{ip}}" is also listed in addresses of this subset; an address is either ready or not ready: keep it in one of the two lists',
      inBothAs:
        '"{{ip}}" is also listed as "{{other}}" in addresses of this subset; an address is either ready or not ready: keep it in one of the two lists',
    },
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
        if (other === address.ip) context.report({ path: address.path, messageId: 'inBoth', data: { ip: address.ip } });
        else context.report({ path: address.path, messageId: 'inBothAs', data: { ip: address.ip, other } });
      }
    }
  },
});
