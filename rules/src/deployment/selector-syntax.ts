import { defineRule, TERM_VALUES_MESSAGES, termValuesProblem } from '@platlint/core';
import { isJsonObject, objectsIn } from './pod.js';
import docs from './selector-syntax.md';

export default defineRule({
  meta: {
    id: 'deployment/selector-syntax',
    description: 'Terms of spec.selector are well formed: In/NotIn carry values, Exists/DoesNotExist none.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (API server validation, Deployment)',
    docs,
    messages: TERM_VALUES_MESSAGES,
  },
  check(context) {
    const spec = context.value.spec;
    if (!isJsonObject(spec) || !isJsonObject(spec.selector)) return;
    const selector = spec.selector;
    for (const [term, i] of objectsIn(selector.matchExpressions)) {
      const at = ['spec', 'selector', 'matchExpressions', i];
      const problem = termValuesProblem(term);
      if (problem) context.report({ path: [...at, 'values'], ...problem });
    }
  },
});
