import { closest, defineRule, isJsonObject } from '@platlint/core';
import { HUGEPAGES, NATIVE_DOMAIN } from '../kit/quantities.js';
import { formats } from '../kit/names.js';
import { containersOf } from '../kit/paths.js';
import docs from './resource-names.md';

/** Resource names a container may use without a domain prefix (hugepages-<size> aside). */
const STANDARD = ['cpu', 'memory', 'ephemeral-storage'] as const;

/**
 * The standard name a misspelling stands for. Three-letter names other than a change of case
 * are left alone: `gpu` is one edit from `cpu` but means an extended resource.
 */
function likelyStandard(name: string): string | undefined {
  const meant = closest(name, STANDARD);
  return meant && (name.length > 3 || meant === name.toLowerCase()) ? meant : undefined;
}

/** What is wrong with a container resource name, and the standard name it likely meant. */
export function nameProblem(name: string): { problem: string; meant?: string } | undefined {
  const syntax = formats['label-key'](name);
  if (syntax) return { problem: `${syntax}; a resource name is a qualified name` };
  if (!name.includes('/')) {
    if ((STANDARD as readonly string[]).includes(name) || name.startsWith(HUGEPAGES)) return undefined;
    const meant = /^huge_?pages?[-_]/i.test(name) ? name.replace(/^huge_?pages?[-_]/i, HUGEPAGES) : likelyStandard(name);
    return {
      problem: `is not a standard resource (${STANDARD.join(', ')} or ${HUGEPAGES}<size>); any other resource needs a domain prefix such as example.com/gpu`,
      meant,
    };
  }
  if (name.includes(NATIVE_DOMAIN)) return undefined;
  // An extended resource must also stay a qualified name once quota prefixes it with "requests.".
  if (name.startsWith('requests.') || formats['label-key'](`requests.${name}`)) {
    return {
      problem:
        'is not a valid extended resource name: it may not start with "requests." and, with that prefix added for quota, must stay a qualified name',
    };
  }
  return undefined;
}

export default defineRule({
  meta: {
    id: 'deployment/resource-names',
    description: 'Container resource names are standard (cpu, memory, ephemeral-storage, hugepages-<size>) or carry a domain.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document A, Deployment (template, ResourceRequirements); upstream (container resource name checks)',
    fixable: true,
    docs,
    messages: {
      badResourceName: 'resource name "{{name}}" {{problem}}{{hint}}',
    },
  },
  check(context) {
    for (const { container, path } of containersOf(context.value)) {
      const resources = container.resources;
      if (!isJsonObject(resources)) continue;
      for (const side of ['requests', 'limits'] as const) {
        const entries = resources[side];
        if (!isJsonObject(entries)) continue;
        for (const name of Object.keys(entries)) {
          const found = nameProblem(name);
          if (!found) continue;
          const hint = found.meant ? `; did you mean "${found.meant}"?` : '';
          context.report({
            path: [...path, 'resources', side, name],
            target: 'key',
            messageId: 'badResourceName',
            data: { name, problem: found.problem, hint },
            ...(found.meant ? { fix: { target: 'key' as const, text: found.meant } } : {}),
          });
        }
      }
    }
  },
});
