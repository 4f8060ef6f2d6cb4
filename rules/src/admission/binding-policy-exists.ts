import { defineRule } from '@platlint/core';
import { BINDING, POLICY, policyOf, specOf } from './shared.js';

export default defineRule({
  meta: {
    id: 'admission/binding-policy-exists',
    description: 'A binding should name a MutatingAdmissionPolicy that is among the linted documents.',
    kinds: [BINDING],
    severity: 'warning',
    enforcedBy: 'advice',
    source: 'API document C, MutatingAdmissionPolicy; upstream (API server MutatingAdmissionPolicy admission, request pipeline)',
    crossDocument: [POLICY],
    docs: [
      'A binding applies the policy named by `spec.policyName`. When no MutatingAdmissionPolicy of that',
      'name is in the files linted together, the name may be misspelled, or the policy may live',
      'elsewhere; the server accepts such a binding and it does nothing until the policy appears.',
      'This is a warning: lint the binding together with its policy, or turn the rule off when',
      'policies are managed separately.',
      '',
      'Fails (alone in the run): a binding with `policyName: enforce-min-replicas`.',
      'Passes: the same binding next to a MutatingAdmissionPolicy named `enforce-min-replicas`.',
    ].join('\n'),
  },
  check(context) {
    const name = specOf(context)?.policyName;
    if (typeof name !== 'string' || name === '' || policyOf(context)) return;
    context.report({ path: ['spec', 'policyName'], message: `no MutatingAdmissionPolicy named "${name}" is among the linted documents; check the name or lint the binding with its policy` });
  },
});
