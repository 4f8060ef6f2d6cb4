import { defineRule } from '@platlint/core';
import { POLICY, celReferences, expressionsOf, spanIn, specOf } from './shared.js';

export default defineRule({
  meta: {
    id: 'admission/params-need-paramkind',
    description: 'An expression can use `params` only when the policy sets paramKind.',
    kinds: [POLICY],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document C, MutatingAdmissionPolicy (MutatingAdmissionPolicySpec.paramKind, CEL variables)',
    docs: [
      'The `params` CEL variable holds the binding\'s parameter resource and exists only when the',
      'policy has a `paramKind` (spec document C). Without one, every expression that reads `params`',
      'fails to compile. This rule points at each `params` in such a policy; add `spec.paramKind`',
      'or remove the reference.',
      '',
      'Fails: a policy without paramKind whose condition is `params.data["enabled"] == "true"`.',
      'Passes: the same policy with `paramKind: {apiVersion: v1, kind: ConfigMap}`.',
    ].join('\n'),
  },
  check(context) {
    const spec = specOf(context);
    if (!spec || spec.paramKind !== undefined) return;
    for (const site of expressionsOf(context)) {
      for (const ref of celReferences(site.expression)) {
        if (ref.root === 'params') context.report({ path: site.path, message: '"params" is only available when the policy sets spec.paramKind; add paramKind or remove the reference', span: spanIn(context, site.path, ref) });
      }
    }
  },
});
