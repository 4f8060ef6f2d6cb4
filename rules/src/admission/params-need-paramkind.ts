import { defineRule } from '@platlint/core';
import { celReferences, expressionsOf, POLICY, specOf } from './shared.js';
import { spanIn } from '../kit/cel.js';
import docs from './params-need-paramkind.md';

export default defineRule({
  meta: {
    id: 'admission/params-need-paramkind',
    description: 'An expression can use `params` only when the policy sets paramKind.',
    kinds: [POLICY],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document C, MutatingAdmissionPolicy (MutatingAdmissionPolicySpec.paramKind, CEL variables)',
    docs,
    messages: {
      paramsWithoutParamKind:
        '"params" is only available when the policy sets spec.paramKind; add paramKind or remove the reference',
    },
  },
  check(context) {
    const spec = specOf(context);
    if (!spec || spec.paramKind !== undefined) return;
    for (const site of expressionsOf(context)) {
      for (const ref of celReferences(site.expression)) {
        if (ref.root === 'params')
          context.report({ path: site.path, messageId: 'paramsWithoutParamKind', span: spanIn(context, site.path, ref) });
      }
    }
  },
});
