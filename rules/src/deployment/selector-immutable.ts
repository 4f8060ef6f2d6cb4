import { defineRule, isJsonObject } from '@platlint/core';
import docs from './selector-immutable.md';

/**
 * The selector in a canonical form: map order ignored, and empty lists or maps the same as
 * absent ones (the server compares them that way).
 */
function canonical(selector: unknown): string {
  if (!isJsonObject(selector)) return 'null';
  const labels = isJsonObject(selector.matchLabels)
    ? Object.entries(selector.matchLabels).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    : [];
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
    docs,
    messages: {
      selectorChanged:
        'spec.selector cannot change after creation; keep the stored selector, or create a new Deployment to select other pods',
    },
  },
  check(context) {
    if (!context.old) return;
    const now = isJsonObject(context.value.spec) ? context.value.spec.selector : undefined;
    const before = isJsonObject(context.old.value.spec) ? context.old.value.spec.selector : undefined;
    if (now === undefined) return; // a missing selector is schema/required
    if (canonical(now) === canonical(before)) return;
    context.report({
      path: ['spec', 'selector'],
      messageId: 'selectorChanged',
    });
  },
});
