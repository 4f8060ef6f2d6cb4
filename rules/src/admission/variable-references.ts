import { defineRule } from '@platlint/core';
import { POLICY, celReferences, expressionsOf, spanIn, specOf, variableNames } from './shared.js';
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
        let message: string | undefined;
        if (at < 0) message = `no variable is named "${ref.name}"${names.some((n) => n !== undefined) ? `; declared: ${names.filter((n) => n !== undefined).map((n) => `"${n}"`).join(', ')}` : '; declare it under spec.variables'}`;
        else if (site.place === 'variable' && at === site.index) message = `variable "${ref.name}" refers to itself; a variable may only use earlier variables`;
        else if (at >= visible) message = `variable "${ref.name}" is declared after this one; move it above, since a variable may only use earlier variables`;
        if (message) context.report({ path: site.path, message, span: spanIn(context, site.path, ref) });
      }
    }
  },
});
