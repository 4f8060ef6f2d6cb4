import { defineRule, isJsonObject } from '@platlint/core';
import { compareQuantities, HUGEPAGES, overcommitAllowed, parseQuantity } from '../kit/quantities.js';
import { containersOf } from '../kit/paths.js';
import type { Obj } from '../kit/objects.js';
import docs from './resource-limits.md';

export default defineRule({
  meta: {
    id: 'deployment/resource-limits',
    description:
      'A container requests no more of a resource than its limit, and exactly its limit of extended resources and huge pages.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document A, Deployment (template); upstream pod validation',
    docs,
    messages: {
      fixedWithoutLimit: '{{name}} is requested but has no limit; {{what}} needs a limit equal to its request',
      fixedRequestNotLimit:
        '{{name}} request {{value}} differs from its limit {{limit}}; {{what}} must request exactly its limit',
      requestAboveLimit: '{{name}} request {{value}} is above its limit {{limit}}; lower the request or raise the limit',
    },
  },
  check(context) {
    for (const { container, path } of containersOf(context.value)) {
      const resources = container.resources;
      if (!isJsonObject(resources) || !isJsonObject(resources.requests)) continue;
      const requests = resources.requests;
      const limits = isJsonObject(resources.limits) ? resources.limits : NO_LIMITS;
      for (const name in requests) {
        const requested = requests[name];
        const limited = limits[name];
        if (limited === undefined && !overcommitAllowed(name)) {
          context.report({
            path: [...path, 'resources', 'limits', name],
            target: 'key',
            messageId: 'fixedWithoutLimit',
            data: { name, what: describeFixed(name) },
          });
          continue;
        }
        // Malformed quantities are schema/format findings.
        const request = parseQuantity(requested);
        const limit = parseQuantity(limited);
        if (!request || !limit) continue;
        const order = compareQuantities(request, limit);
        if (order !== 0 && !overcommitAllowed(name)) {
          context.report({
            path: [...path, 'resources', 'requests', name],
            messageId: 'fixedRequestNotLimit',
            data: { name, value: String(requested), limit: String(limited), what: describeFixed(name) },
          });
        } else if (order > 0) {
          context.report({
            path: [...path, 'resources', 'requests', name],
            messageId: 'requestAboveLimit',
            data: { name, value: String(requested), limit: String(limited) },
          });
        }
      }
    }
  },
});

const NO_LIMITS: Obj = Object.freeze({});

function describeFixed(name: string): string {
  return name.startsWith(HUGEPAGES) ? 'a huge-page resource' : 'an extended resource';
}
