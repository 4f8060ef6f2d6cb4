import { defineRule, gateEnabled, isSloppyIPv4 } from '@platlint/core';
import { addressesOf, ipBytes, ipv4Of, reservedRange, subsetsOf } from './shared.js';
import docs from './ip-address.md';

export default defineRule({
  meta: {
    id: 'endpoints/ip-address',
    description: 'An endpoint IP may not be loopback, link-local, link-local multicast or unspecified.',
    kinds: ['Endpoints'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document A, Endpoints (EndpointAddress.ip); upstream (API server validation, Endpoints)',
    docs,
    messages: {
      strictForm: '"{{ip}}" {{form}}, which the server refuses with StrictIPCIDRValidation on; write "{{plain}}"',
      legacyForm:
        '"{{ip}}" {{form}}; the server accepts it with a warning for now but will refuse it in a future release; write "{{plain}}"',
      reserved: '"{{ip}}" is {{article}} {{what}} address ({{range}}); an endpoint needs an address other nodes can reach',
    },
  },
  check(context) {
    const strict = gateEnabled(context.settings.featureGates, 'StrictIPCIDRValidation', context.settings.release);
    for (const subset of subsetsOf(context.value)) {
      for (const address of addressesOf(subset)) {
        const bytes = ipBytes(address.ip);
        if (!bytes) continue;
        // The lenient legacy parser takes these two spellings; only the strict gate refuses them.
        const form = isSloppyIPv4(address.ip)
          ? 'has leading zeros'
          : address.ip.includes(':') && ipv4Of(bytes) !== undefined
            ? 'is an IPv4-mapped IPv6 address'
            : undefined;
        if (form) {
          const plain = ipv4Of(bytes)?.join('.') ?? address.ip;
          context.report({
            path: address.path,
            severity: strict ? 'error' : 'warning',
            messageId: strict ? 'strictForm' : 'legacyForm',
            data: { ip: address.ip, form, plain },
          });
        }
        const reserved = reservedRange(bytes);
        if (!reserved) continue;
        const what = `${address.ip.includes(':') && ipv4Of(bytes) !== undefined ? 'IPv4-mapped ' : ''}${reserved.kind}`;
        const article = /^[aeiouI]/.test(what) ? 'an' : 'a';
        context.report({
          path: address.path,
          messageId: 'reserved',
          data: { ip: address.ip, article, what, range: reserved.range },
        });
      }
    }
  },
});
