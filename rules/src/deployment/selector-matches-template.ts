import { defineRule } from '@platlint/core';
import { comparesValues, isEmptySelector, isSelectorOperator, type LabelSelector, selectorMatches } from '../kit/selectors.js';
import { formats } from '../kit/names.js';
import docs from './selector-matches-template.md';

export default defineRule({
  meta: {
    id: 'deployment/selector-matches-template',
    description: "The Deployment's selector must be non-empty and select its own pod template.",
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document A, Deployment (DeploymentSpec.selector)',
    docs,
    messages: {
      selectorEmpty: 'the selector is empty; it must select the pod template by its labels',
      labelsDoNotMatch: 'the pod template labels do not match spec.selector; the Deployment would not own its pods',
    },
  },
  check(context) {
    const spec = context.value.spec as
      { selector?: LabelSelector; template?: { metadata?: { labels?: Record<string, string> } } } | undefined;
    if (!spec?.selector || !spec.template) return; // missing fields: reported by schema/required
    if (isEmptySelector(spec.selector)) {
      context.report({ path: ['spec', 'selector'], messageId: 'selectorEmpty' });
      return;
    }
    // A malformed term matches nothing; deployment/selector-syntax or the schema says why.
    if (!wellFormed(spec.selector)) return;
    const labels = spec.template?.metadata?.labels ?? {};
    if (!selectorMatches(spec.selector, labels)) {
      // The server reports at the labels even when they are missing (placed on the nearest key).
      const target = spec.template?.metadata?.labels ? 'value' : 'key';
      context.report({ path: ['spec', 'template', 'metadata', 'labels'], target, messageId: 'labelsDoNotMatch' });
    }
  },
});

function wellFormed(selector: LabelSelector): boolean {
  return (selector.matchExpressions ?? []).every(
    (term) =>
      typeof term.key === 'string' &&
      formats['label-key'](term.key) === undefined &&
      isSelectorOperator(term.operator) &&
      (!comparesValues(term.operator) || (term.values ?? []).length > 0),
  );
}
