import { defineRule } from '@platlint/core';
import { BINDING, POLICY, policyOf, specOf } from './shared.js';
import docs from './binding-policy-exists.md';

export default defineRule({
  meta: {
    id: 'admission/binding-policy-exists',
    description: 'A binding should name a MutatingAdmissionPolicy that is among the linted documents.',
    kinds: [BINDING],
    severity: 'warning',
    enforcedBy: 'advice',
    source: 'API document C, MutatingAdmissionPolicy; upstream (API server MutatingAdmissionPolicy admission, request pipeline)',
    crossDocument: [POLICY],
    docs,
    messages: {
      noPolicy:
        'no MutatingAdmissionPolicy named "{{name}}" is among the linted documents; check the name or lint the binding with its policy',
    },
  },
  check(context) {
    const name = specOf(context)?.policyName;
    if (typeof name !== 'string' || name === '' || policyOf(context)) return;
    context.report({ path: ['spec', 'policyName'], messageId: 'noPolicy', data: { name } });
  },
});
