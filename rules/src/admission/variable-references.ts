import { defineRule } from '@platlint/core';
import { celReferences, expressionsOf, POLICY, specOf, variableNames } from './shared.js';
import { spanIn } from '../kit/cel.js';
import docs from './variable-references.md';

export default defineRule({
  meta: {
    id: 'admission/variable-references',
    description: 'An expression may read only variables declared before it; mutations may read any declared variable.',
    kinds: [POLICY],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document C, MutatingAdmissionPolicy (MutatingAdmissionPolicySpec.variables)',
    docs,
    messages: {
      unknownVariable: 'no variable is named "{{name}}"; {{hint}}',
      selfReference: 'variable "{{name}}" refers to itself; a variable may only use earlier variables',
      laterVariable:
        'variable "{{name}}" is declared after this one; move it above, since a variable may only use earlier variables',
    },
  },
  check(context) {
    const spec = specOf(context);
    const names = variableNames(spec);
    for (const site of expressionsOf(context)) {
      if (site.place === 'matchCondition') continue;
      const visible = site.place === 'variable' ? site.index : names.length;
      for (const ref of celReferences(site.expression)) {
        if (ref.root !== 'variables') continue;
        const at = names.indexOf(ref.name);
        const declared = names.filter((n) => n !== undefined).map((n) => `"${n}"`);
        const messageId =
          at < 0
            ? 'unknownVariable'
            : site.place === 'variable' && at === site.index
              ? 'selfReference'
              : at >= visible
                ? 'laterVariable'
                : undefined;
        if (!messageId) continue;
        // The hint of an unknown name: the names declared, or where to declare one.
        const hint = declared.length > 0 ? `declared: ${declared.join(', ')}` : 'declare it under spec.variables';
        context.report({ path: site.path, messageId, data: { name: ref.name, hint }, span: spanIn(context, site.path, ref) });
      }
    }
  },
});
