import { defineRule } from '@platlint/core';
import { subsetsOf } from './shared.js';
import { isObject } from '../kit/objects.js';
import { formats } from '../kit/names.js';
import docs from './app-protocol.md';

const PLATFORM_PREFIX = 'plat.io/';
const PLATFORM_PROTOCOLS = ['h2c', 'ws', 'wss'];

/** Why a name is not in RFC 6335 service-name syntax, or undefined when it is. */
function serviceNameProblem(name: string): string | undefined {
  if (name.length > 15) return `is ${name.length} characters long; an IANA service name has at most 15`;
  if (!/^[A-Za-z0-9-]+$/.test(name)) return "may only hold letters, digits and '-' as an IANA service name";
  if (!/[A-Za-z]/.test(name)) return 'needs at least one letter to be an IANA service name';
  if (name.startsWith('-') || name.endsWith('-')) return "may not start or end with '-' as an IANA service name";
  if (name.includes('--')) return "may not hold '--' as an IANA service name";
  return undefined;
}

export default defineRule({
  meta: {
    id: 'endpoints/app-protocol',
    description: 'appProtocol is an IANA service name, a plat.io/ protocol the platform defines, or another prefixed name.',
    kinds: ['Endpoints'],
    severity: 'warning',
    enforcedBy: 'advice',
    source: 'API document A, Endpoints (EndpointPort.appProtocol)',
    fixable: true,
    docs,
    messages: {
      serviceName:
        'un-prefixed appProtocol "{{value}}" {{problem}}; use a registered service name or a prefixed name such as "example.com/{{lowerCase}}"',
      caseOnly: 'appProtocol "{{value}}" is spelled "{{spelled}}" (names are case-sensitive)',
      reservedPrefix:
        '"{{value}}" is not a protocol the platform defines: the plat.io/ prefix is reserved for {{choices}}; use an un-prefixed IANA service name or your own prefix',
    },
  },
  check(context) {
    for (const subset of subsetsOf(context.value)) {
      const ports = subset.value.ports;
      if (!Array.isArray(ports)) continue;
      ports.forEach((port: unknown, k) => {
        if (!isObject(port) || typeof port.appProtocol !== 'string') return;
        const value = port.appProtocol;
        const path = ['subsets', subset.index, 'ports', k, 'appProtocol'];
        // A value that breaks the qualified-name syntax is schema/format's finding.
        if (formats['label-key'](value) !== undefined) return;
        const slash = value.lastIndexOf('/');
        if (slash === -1) {
          const problem = serviceNameProblem(value);
          if (problem)
            context.report({ path, messageId: 'serviceName', data: { value, problem, lowerCase: value.toLowerCase() } });
          return;
        }
        if (value.slice(0, slash + 1) !== PLATFORM_PREFIX) return;
        const name = value.slice(slash + 1);
        if (PLATFORM_PROTOCOLS.includes(name)) return;
        const known = PLATFORM_PROTOCOLS.find((p) => p === name.toLowerCase());
        const choices = PLATFORM_PROTOCOLS.map((p) => `"${PLATFORM_PREFIX}${p}"`).join(', ');
        if (known) {
          context.report({
            path,
            messageId: 'caseOnly',
            data: { value, spelled: `${PLATFORM_PREFIX}${known}` },
            fix: { text: `${PLATFORM_PREFIX}${known}` },
          });
        } else {
          context.report({ path, messageId: 'reservedPrefix', data: { value, choices } });
        }
      });
    }
  },
});
