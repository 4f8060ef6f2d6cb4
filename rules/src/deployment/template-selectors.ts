import { defineRule, isJsonObject } from '@platlint/core';
import type { FieldPath } from '@platlint/core';
import { reportTermValueProblems, TERM_VALUES_MESSAGES } from '../kit/selectors.js';
import { type Obj, objectsIn } from '../kit/objects.js';
import { POD_SPEC, podSpec } from '../kit/paths.js';
import docs from './template-selectors.md';

/** Every label selector of the pod spec with its path: affinity terms and spread constraints. */
function selectorsOf(pod: Obj): [Obj, FieldPath][] {
  const out: [Obj, FieldPath][] = [];
  const add = (term: Obj, at: FieldPath): void => {
    for (const field of ['labelSelector', 'namespaceSelector'] as const) {
      const selector = term[field];
      if (isJsonObject(selector)) out.push([selector, [...at, field]]);
    }
  };
  const affinity = pod.affinity;
  for (const kind of ['podAffinity', 'podAntiAffinity'] as const) {
    const terms = isJsonObject(affinity) ? affinity[kind] : undefined;
    if (!isJsonObject(terms)) continue;
    const at: FieldPath = [...POD_SPEC, 'affinity', kind];
    for (const [term, i] of objectsIn(terms.requiredDuringSchedulingIgnoredDuringExecution))
      add(term, [...at, 'requiredDuringSchedulingIgnoredDuringExecution', i]);
    for (const [weighted, i] of objectsIn(terms.preferredDuringSchedulingIgnoredDuringExecution)) {
      if (isJsonObject(weighted.podAffinityTerm))
        add(weighted.podAffinityTerm, [...at, 'preferredDuringSchedulingIgnoredDuringExecution', i, 'podAffinityTerm']);
    }
  }
  for (const [constraint, i] of objectsIn(pod.topologySpreadConstraints))
    add(constraint, [...POD_SPEC, 'topologySpreadConstraints', i]);
  return out;
}

export default defineRule({
  meta: {
    id: 'deployment/template-selectors',
    description: 'Label selectors inside the pod template (affinity terms, spread constraints) are well formed.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream pod validation (label selectors of affinity and topology spread)',
    docs,
    messages: TERM_VALUES_MESSAGES,
  },
  check(context) {
    const pod = podSpec(context.value);
    if (!pod) return;
    for (const [selector, at] of selectorsOf(pod)) reportTermValueProblems(context, selector, at);
  },
});
