import { compareQuantities, defineRule, parseQuantity } from '@platlint/core';
import { containersOf, isJsonObject } from './pod.js';
import { HUGEPAGES, NATIVE_DOMAIN } from './resource-names.js';
import docs from './resource-limits.md';

export default defineRule({
  meta: {
    id: 'deployment/resource-limits',
    description: 'A container requests no more of a resource than its limit, and exactly its limit of extended resources and huge pages.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document A, Deployment (template); upstream pod validation',
    docs,
  },
  check(context) {
    for (const { container, path } of containersOf(context.value)) {
      const resources = container.resources;
      if (!isJsonObject(resources) || !isJsonObject(resources.requests)) continue;
      const limits = isJsonObject(resources.limits) ? resources.limits : {};
      for (const [name, requested] of Object.entries(resources.requests)) {
        const limited = limits[name];
        const at = [...path, 'resources', 'requests', name];
        if (limited === undefined && !overcommitAllowed(name)) {
          context.report({
            path: [...path, 'resources', 'limits', name],
            target: 'key',
            message: `${name} is requested but has no limit; ${describeFixed(name)} needs a limit equal to its request`,
          });
          continue;
        }
        // Malformed quantities are schema/format findings.
        const request = parseQuantity(requested);
        const limit = parseQuantity(limited);
        if (!request || !limit) continue;
        const order = compareQuantities(request, limit);
        if (order !== 0 && !overcommitAllowed(name)) {
          context.report({ path: at, message: `${name} request ${String(requested)} differs from its limit ${String(limited)}; ${describeFixed(name)} must request exactly its limit` });
        } else if (order > 0) {
          context.report({ path: at, message: `${name} request ${String(requested)} is above its limit ${String(limited)}; lower the request or raise the limit` });
        }
      }
    }
  },
});

/**
 * Whether a resource may be requested below its limit: the platform's own resources may, except
 * huge pages; extended resources (a domain of their own, such as example.com/gpu) may not.
 */
export function overcommitAllowed(name: string): boolean {
  if (name.startsWith(HUGEPAGES)) return false;
  return !name.includes('/') || name.includes(NATIVE_DOMAIN);
}

function describeFixed(name: string): string {
  return name.startsWith(HUGEPAGES) ? 'a huge-page resource' : 'an extended resource';
}
