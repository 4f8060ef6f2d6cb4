import { defineRule } from '@platlint/core';
import type { FieldPath, RuleContext } from '@platlint/core';
import { BINDING, matchResourcesOf, POLICY, specOf } from './shared.js';
import { isObject } from '../kit/objects.js';
import type { Obj } from '../kit/objects.js';
import { reportTermValueProblems, TERM_VALUES_MESSAGES } from '../kit/selectors.js';
import docs from './selector-syntax.md';

/** The label selectors of a policy or binding: namespace and object selectors, and a binding's paramRef selector. */
function selectorsOf(context: RuleContext): { path: FieldPath; selector: Obj }[] {
  const out: { path: FieldPath; selector: Obj }[] = [];
  const match = matchResourcesOf(context);
  for (const field of ['namespaceSelector', 'objectSelector'] as const) {
    const selector = match?.value[field];
    if (match && isObject(selector)) out.push({ path: [...match.path, field], selector });
  }
  const paramRef = specOf(context)?.paramRef;
  if (isObject(paramRef) && isObject(paramRef.selector))
    out.push({ path: ['spec', 'paramRef', 'selector'], selector: paramRef.selector });
  return out;
}

export default defineRule({
  meta: {
    id: 'admission/selector-syntax',
    description:
      'Terms of the label selectors of a mutating admission policy or binding are well formed: In/NotIn carry values, Exists/DoesNotExist none.',
    kinds: [POLICY, BINDING],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream (API server validation, MutatingAdmissionPolicy)',
    docs,
    messages: TERM_VALUES_MESSAGES,
  },
  check(context) {
    for (const { path, selector } of selectorsOf(context)) reportTermValueProblems(context, selector, path);
  },
});
