import { defineRule, termValuesProblem } from '@platlint/core';
import { isJsonObject, objectsIn } from './pod.js';


export default defineRule({
  meta: {
    id: 'deployment/selector-syntax',
    description: 'Terms of spec.selector are well formed: In/NotIn carry values, Exists/DoesNotExist none.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (API server validation, Deployment)',
    docs: [
      'Checks the terms of `spec.selector`:',
      '',
      '- a `matchExpressions` term with operator `In` or `NotIn` needs at least one value;',
      '- a term with `Exists` or `DoesNotExist` takes no values (the values would be ignored, so',
      '  they usually betray a wrong operator).',
      '',
      'Unknown operators and malformed expression keys are reported by structural validation',
      '(`schema/enum`, `schema/format`), label keys and values (here as in every selector) by',
      '`metadata/labels`. The spec requires a selector that matches the template',
      '(A Deployment); upstream adds these syntax checks (API server validation, Deployment).',
      '',
      'Fails:',
      '',
      '```yaml',
      'selector:',
      '  matchExpressions:',
      '  - {key: app, operator: In}',
      '```',
      '',
      'Passes:',
      '',
      '```yaml',
      'selector:',
      '  matchExpressions:',
      '  - {key: app, operator: In, values: [web]}',
      '```',
    ].join('\n'),
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
