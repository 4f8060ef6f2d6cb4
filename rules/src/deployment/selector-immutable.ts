import { defineRule } from '@platlint/core';
import { isJsonObject } from './pod.js';

/**
 * The selector in a canonical form: map order ignored, and empty lists or maps the same as
 * absent ones (the server compares them that way).
 */
function canonical(selector: unknown): string {
  if (!isJsonObject(selector)) return 'null';
  const labels = isJsonObject(selector.matchLabels) ? Object.entries(selector.matchLabels).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) : [];
  const expressions = Array.isArray(selector.matchExpressions)
    ? selector.matchExpressions.map((term: unknown) => {
        if (!isJsonObject(term)) return term;
        const values = Array.isArray(term.values) && term.values.length > 0 ? term.values : undefined;
        return { key: term.key, operator: term.operator, values };
      })
    : [];
  return JSON.stringify({ labels, expressions });
}

export default defineRule({
  meta: {
    id: 'deployment/selector-immutable',
    description: 'spec.selector of a Deployment cannot change after creation.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (API server validation, Deployment)',
    docs: [
      'An update rule, active with `platlint lint --old PATH`: the `spec.selector` of a Deployment',
      'must stay what it was when the Deployment was created. A new selector would orphan the pods',
      'and ReplicaSets the old one selected, so the server refuses the change; to select other',
      'pods, create a new Deployment (or delete and recreate this one).',
      '',
      'Label order does not matter, and empty lists count as absent. The order of',
      '`matchExpressions` terms and of their values does, as it does for the server.',
      '',
      'Fails (stored `matchLabels: {app: web}`):',
      '',
      '```yaml',
      'selector:',
      '  matchLabels: {app: web, tier: front}',
      '```',
      '',
      'Passes: the stored selector, unchanged.',
    ].join('\n'),
  },
  check(context) {
    if (!context.old) return;
    const now = isJsonObject(context.value.spec) ? context.value.spec.selector : undefined;
    const before = isJsonObject(context.old.value.spec) ? context.old.value.spec.selector : undefined;
    if (now === undefined) return; // a missing selector is schema/required
    if (canonical(now) === canonical(before)) return;
    context.report({
      path: ['spec', 'selector'],
      message: 'spec.selector cannot change after creation; keep the stored selector, or create a new Deployment to select other pods',
    });
  },
});
