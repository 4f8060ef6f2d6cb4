import { defineRule, isJsonObject } from '@platlint/core';
import type { FieldPath, RuleContext } from '@platlint/core';
import { formats } from '../kit/names.js';
import { forEachObject } from '../kit/objects.js';
import { POD_SPEC, podSpec } from '../kit/paths.js';
import docs from './pod-affinity.md';

export default defineRule({
  meta: {
    id: 'deployment/pod-affinity',
    description: 'Pod (anti-)affinity terms of the pod template name valid namespaces.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream pod validation (pod affinity)',
    docs,
    messages: {
      badNamespace: 'namespace "{{value}}" {{problem}}',
    },
  },
  check(context) {
    const affinity = podSpec(context.value)?.affinity;
    if (!isJsonObject(affinity)) return;
    for (const kind of AFFINITY_KINDS) {
      const terms = affinity[kind];
      if (!isJsonObject(terms)) continue;
      const at: FieldPath = [...POD_SPEC, 'affinity', kind];
      // Most terms name no namespaces: the path of a term's list is made only for one that does.
      forEachObject(terms.requiredDuringSchedulingIgnoredDuringExecution, (term, i) => {
        if (Array.isArray(term.namespaces))
          checkNamespaces(context, term.namespaces, [...at, 'requiredDuringSchedulingIgnoredDuringExecution', i, 'namespaces']);
      });
      forEachObject(terms.preferredDuringSchedulingIgnoredDuringExecution, (weighted, i) => {
        const term = weighted.podAffinityTerm;
        if (isJsonObject(term) && Array.isArray(term.namespaces))
          checkNamespaces(context, term.namespaces, [
            ...at,
            'preferredDuringSchedulingIgnoredDuringExecution',
            i,
            'podAffinityTerm',
            'namespaces',
          ]);
      });
    }
  },
});

const AFFINITY_KINDS = ['podAffinity', 'podAntiAffinity'] as const;

function checkNamespaces(context: RuleContext, namespaces: unknown[], at: FieldPath): void {
  namespaces.forEach((namespace: unknown, j) => {
    const problem = typeof namespace === 'string' ? formats['dns-label'](namespace) : undefined;
    if (problem) context.report({ path: [...at, j], messageId: 'badNamespace', data: { value: String(namespace), problem } });
  });
}
