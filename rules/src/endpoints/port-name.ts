import { defineRule } from '@platlint/core';
import { subsetsOf } from './shared.js';
import { isObject } from '../kit/objects.js';
import docs from './port-name.md';

export default defineRule({
  meta: {
    id: 'endpoints/port-name',
    description: 'Every port of an Endpoints subset with more than one port needs a name.',
    kinds: ['Endpoints'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document A, Endpoints (EndpointPort.name)',
    docs,
    messages: { unnamed: '{{which}} has no name; a subset with {{count}} ports must name each one after its service port' },
  },
  check(context) {
    for (const subset of subsetsOf(context.value)) {
      const ports = subset.value.ports;
      if (!Array.isArray(ports) || ports.length < 2) continue;
      ports.forEach((port: unknown, k) => {
        // An empty name is unset to the server, so it counts as missing.
        if (!isObject(port) || (port.name !== undefined && port.name !== '')) return;
        const which = typeof port.port === 'number' ? `port ${port.port}` : 'this port';
        context.report({
          // The missing name's own path; it is placed on the port, the nearest part that exists.
          path: ['subsets', subset.index, 'ports', k, 'name'],
          target: port.name === undefined ? 'key' : 'value',
          messageId: 'unnamed',
          data: { which, count: ports.length },
        });
      });
    }
  },
});
