import { defineRule } from '@platlint/core';
import { containersOf, podSpec } from '../kit/paths.js';
import { forEachObject, isInteger } from '../kit/objects.js';
import docs from './container-ports.md';

export default defineRule({
  meta: {
    id: 'deployment/container-ports',
    description: 'containerPort is 1–65535 and hostPort 0–65535; on the host network the two match; no host port is taken twice.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document A, Deployment (template); upstream (API server validation, Deployment)',
    docs,
    messages: {
      containerPortOutOfRange: 'containerPort {{containerPort}} is out of range; use a port from 1 to 65535',
      hostPortOutOfRange: 'hostPort {{hostPort}} is out of range; use a port from 1 to 65535, or leave it out for none',
      containerPortDiffersFromHostPort:
        'containerPort {{containerPort}} differs from hostPort {{hostPort}}; with hostNetwork the container listens on the host, so the two must match',
      hostPortTaken: 'host port {{port}} ({{protocol}}) is already taken by another port of this pod; use another host port',
    },
  },
  check(context) {
    const hostNetwork = podSpec(context.value)?.hostNetwork === true;
    const bound = new Set<string>();
    for (const { container, list, path } of containersOf(context.value)) {
      forEachObject(container.ports, (port, i) => {
        const { containerPort, hostPort } = port;
        if (isInteger(containerPort) && (containerPort < 1 || containerPort > 65535)) {
          context.report({
            path: [...path, 'ports', i, 'containerPort'],
            messageId: 'containerPortOutOfRange',
            data: { containerPort },
          });
        }
        if (isInteger(hostPort) && (hostPort < 0 || hostPort > 65535)) {
          context.report({ path: [...path, 'ports', i, 'hostPort'], messageId: 'hostPortOutOfRange', data: { hostPort } });
        }
        // On the host's network the two ports are one; an absent hostPort is fine (Pods get it copied from containerPort).
        if (hostNetwork && isInteger(containerPort) && isInteger(hostPort) && hostPort !== 0 && hostPort !== containerPort) {
          context.report({
            path: [...path, 'ports', i, 'containerPort'],
            messageId: 'containerPortDiffersFromHostPort',
            data: { containerPort, hostPort },
          });
        }
        // Only regular containers run together; the server checks their host ports against each
        // other after defaulting the protocol to TCP. A template's absent hostPort stays 0 even on
        // the host network (only Pods get it copied from containerPort), so it takes no port here.
        const effective = isInteger(hostPort) ? hostPort : 0;
        if (list !== 'containers' || effective === 0) return;
        const protocol = typeof port.protocol === 'string' && port.protocol !== '' ? port.protocol : 'TCP';
        const key = `${protocol}/${typeof port.hostIP === 'string' ? port.hostIP : ''}/${effective}`;
        if (bound.has(key))
          context.report({
            path: [...path, 'ports', i, 'hostPort'],
            messageId: 'hostPortTaken',
            data: { port: effective, protocol },
          });
        bound.add(key);
      });
    }
  },
});
