import { defineRule } from '@platlint/core';
import { containersOf, isObject } from './pod.js';
import { compareQuantities, parseQuantity } from './quantity.js';

export default defineRule({
  meta: {
    id: 'deployment/resource-limits',
    description: 'A container requests no more of a resource than its limit.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document A, Deployment (template); upstream pod validation',
    docs: [
      'For every resource a container (or init container) both requests and limits, the request',
      'must not exceed the limit: the scheduler reserves the request, and the limit caps use, so a',
      'request above it can never be used. The finding is on the request, as upstream places it.',
      'Quantities are compared exactly (`0.5` equals `500m`, `1Gi` equals `1073741824`).',
      '',
      'Fails:',
      '',
      '```yaml',
      'resources:',
      '  requests: {memory: 1Gi}',
      '  limits: {memory: 512Mi}',
      '```',
      '',
      'Passes:',
      '',
      '```yaml',
      'resources:',
      '  requests: {memory: 512Mi}',
      '  limits: {memory: 1Gi}',
      '```',
    ].join('\n'),
  },
  check(context) {
    for (const { container, path } of containersOf(context.value)) {
      const resources = container.resources;
      if (!isObject(resources) || !isObject(resources.requests) || !isObject(resources.limits)) continue;
      for (const [name, requested] of Object.entries(resources.requests)) {
        const limited = resources.limits[name];
        // Malformed quantities are schema/format findings.
        const request = parseQuantity(requested);
        const limit = parseQuantity(limited);
        if (!request || !limit || compareQuantities(request, limit) <= 0) continue;
        context.report({
          path: [...path, 'resources', 'requests', name],
          message: `${name} request ${String(requested)} is above its limit ${String(limited)}; lower the request or raise the limit`,
        });
      }
    }
  },
});
