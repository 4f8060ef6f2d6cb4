import { defineRule, isJsonObject } from '@platlint/core';
import type { FieldPath, PathSegment } from '@platlint/core';
import { reportTermValueProblems, TERM_VALUES_MESSAGES } from '../kit/selectors.js';
import { forEachObject, type Obj } from '../kit/objects.js';
import { POD_SPEC, podSpec } from '../kit/paths.js';
import docs from './template-selectors.md';

const SELECTOR_FIELDS = ['labelSelector', 'namespaceSelector'] as const;
const AFFINITY_KINDS = ['podAffinity', 'podAntiAffinity'] as const;

/**
 * Every label selector of the pod spec that has matchExpressions (what this rule checks), with
 * its path: affinity terms and spread constraints. Most selectors hold matchLabels only, and
 * their paths are not made.
 */
function selectorsWithTerms(pod: Obj): [Obj, FieldPath][] {
  const out: [Obj, FieldPath][] = [];
  const add = (term: Obj, ...at: PathSegment[]): void => {
    for (const field of SELECTOR_FIELDS) {
      const selector = term[field];
      if (isJsonObject(selector) && Array.isArray(selector.matchExpressions)) out.push([selector, [...POD_SPEC, ...at, field]]);
    }
  };
  const affinity = pod.affinity;
  for (const kind of AFFINITY_KINDS) {
    const terms = isJsonObject(affinity) ? affinity[kind] : undefined;
    if (!isJsonObject(terms)) continue;
    forEachObject(terms.requiredDuringSchedulingIgnoredDuringExecution, (term, i) =>
      add(term, 'affinity', kind, 'requiredDuringSchedulingIgnoredDuringExecution', i),
    );
    forEachObject(terms.preferredDuringSchedulingIgnoredDuringExecution, (weighted, i) => {
      if (isJsonObject(weighted.podAffinityTerm))
        add(weighted.podAffinityTerm, 'affinity', kind, 'preferredDuringSchedulingIgnoredDuringExecution', i, 'podAffinityTerm');
    });
  }
  forEachObject(pod.topologySpreadConstraints, (constraint, i) => add(constraint, 'topologySpreadConstraints', i));
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
    for (const [selector, at] of selectorsWithTerms(pod)) reportTermValueProblems(context, selector, at);
  },
});
