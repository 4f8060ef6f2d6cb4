import { defineRule, isJsonObject } from '@platlint/core';
import type { FieldPath, RuleContext } from '@platlint/core';
import { formats } from '../kit/names.js';
import { type Obj, objectsIn } from '../kit/objects.js';
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
    for (const kind of ['podAffinity', 'podAntiAffinity'] as const) {
      const terms = affinity[kind];
      if (!isJsonObject(terms)) continue;
      const at: FieldPath = [...POD_SPEC, 'affinity', kind];
      for (const [term, i] of objectsIn(terms.requiredDuringSchedulingIgnoredDuringExecution)) {
        checkTerm(context, term, [...at, 'requiredDuringSchedulingIgnoredDuringExecution', i]);
      }
      for (const [weighted, i] of objectsIn(terms.preferredDuringSchedulingIgnoredDuringExecution)) {
        if (isJsonObject(weighted.podAffinityTerm))
          checkTerm(context, weighted.podAffinityTerm, [
            ...at,
            'preferredDuringSchedulingIgnoredDuringExecution',
            i,
            'podAffinityTerm',
          ]);
      }
    }
  },
});

function checkTerm(context: RuleContext, term: Obj, at: FieldPath): void {
  if (!Array.isArray(term.namespaces)) return;
  term.namespaces.forEach((namespace: unknown, j) => {
    const problem = typeof namespace === 'string' ? formats['dns-label'](namespace) : undefined;
    if (problem)
      context.report({ path: [...at, 'namespaces', j], messageId: 'badNamespace', data: { value: String(namespace), problem } });
  });
}
