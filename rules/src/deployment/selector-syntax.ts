import { defineRule, isJsonObject } from '@platlint/core';
import { reportTermValueProblems, TERM_VALUES_MESSAGES } from '../kit/selectors.js';
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
    reportTermValueProblems(context, spec.selector, ['spec', 'selector']);
  },
});
