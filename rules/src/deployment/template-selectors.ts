import { defineRule, isJsonObject } from '@platlint/core';
import type { FieldPath, RuleContext } from '@platlint/core';
import { reportTermValueProblems, TERM_VALUES_MESSAGES } from '../kit/selectors.js';
import { forEachObject, objAt, type Obj } from '../kit/objects.js';
import { POD_SPEC, podSpec } from '../kit/paths.js';
import docs from './template-selectors.md';

const SELECTOR_FIELDS = ['labelSelector', 'namespaceSelector'] as const;
const AFFINITY_KINDS = ['podAffinity', 'podAntiAffinity'] as const;

/**
 * Whether a term (an affinity term, a spread constraint) has a selector with matchExpressions,
 * the part this rule checks. Most selectors hold matchLabels only: a term's path is made only
 * when this holds.
 */
function hasExpressions(term: Obj): boolean {
  for (const field of SELECTOR_FIELDS) if (Array.isArray(objAt(term, field)?.matchExpressions)) return true;
  return false;
}

/** Reports the selectors of the term at `at` whose terms' values the server refuses. */
function checkTerm(context: RuleContext, term: Obj, at: FieldPath): void {
  for (const field of SELECTOR_FIELDS) {
    const selector = objAt(term, field);
    if (selector) reportTermValueProblems(context, selector, [...at, field]);
  }
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
    const affinity = pod.affinity;
    for (const kind of AFFINITY_KINDS) {
      const terms = isJsonObject(affinity) ? affinity[kind] : undefined;
      if (!isJsonObject(terms)) continue;
      forEachObject(terms.requiredDuringSchedulingIgnoredDuringExecution, (term, i) => {
        if (hasExpressions(term))
          checkTerm(context, term, [...POD_SPEC, 'affinity', kind, 'requiredDuringSchedulingIgnoredDuringExecution', i]);
      });
      forEachObject(terms.preferredDuringSchedulingIgnoredDuringExecution, (weighted, i) => {
        const term = weighted.podAffinityTerm;
        if (isJsonObject(term) && hasExpressions(term))
          checkTerm(context, term, [
            ...POD_SPEC,
            'affinity',
            kind,
            'preferredDuringSchedulingIgnoredDuringExecution',
            i,
            'podAffinityTerm',
          ]);
      });
    }
    forEachObject(pod.topologySpreadConstraints, (constraint, i) => {
      if (hasExpressions(constraint)) checkTerm(context, constraint, [...POD_SPEC, 'topologySpreadConstraints', i]);
    });
  },
});
