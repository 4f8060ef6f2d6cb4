import { defineRule } from '@platlint/core';
import { ADMISSION_GROUP, BINDING, POLICY, asList, resourceRulesOf, strings } from './shared.js';

const SELF = new Set(['mutatingadmissionpolicies', 'mutatingadmissionpolicybindings']);

export default defineRule({
  meta: {
    id: 'admission/no-self-match',
    description: 'A mutating admission policy never applies to MutatingAdmissionPolicy or MutatingAdmissionPolicyBinding objects.',
    kinds: [POLICY, BINDING],
    severity: 'warning',
    enforcedBy: 'advice',
    source: 'API document C, MutatingAdmissionPolicy (MutatingAdmissionPolicySpec.matchConstraints)',
    docs: [
      'The spec says matchConstraints cannot match MutatingAdmissionPolicy or',
      'MutatingAdmissionPolicyBinding: a policy that could rewrite policies could lock the cluster',
      'out of fixing them. This rule reports a resource rule that names `mutatingadmissionpolicies`',
      'or `mutatingadmissionpolicybindings` (or one of their subresources) in the group',
      '`admissionregistration.plat.io` or `*`, in a policy\'s matchConstraints or a binding\'s',
      'matchResources. Exclude rules may name them.',
      '',
      'Upstream does not reject such a rule when the policy is stored: the admission plugin just never',
      'applies policies to these resources, so the entry is dead (a warning, not an error; the spec\'s',
      '"cannot match" describes this run-time skip). Wildcard resources (`*`, `*/*`) are not reported:',
      'they match everything else and simply skip the policy kinds.',
      '',
      'Fails: `{apiGroups: ["admissionregistration.plat.io"], resources: ["mutatingadmissionpolicies"], ...}`.',
      'Passes: `{apiGroups: ["apps"], resources: ["deployments"], ...}`.',
    ].join('\n'),
  },
  check(context) {
    for (const { path, rule, include } of resourceRulesOf(context)) {
      if (!include) continue;
      const groups = strings(rule.apiGroups);
      if (!groups.includes('*') && !groups.includes(ADMISSION_GROUP)) continue;
      asList(rule.resources).forEach((r, k) => {
        if (typeof r !== 'string') return;
        const base = r.split('/')[0] as string;
        if (SELF.has(base)) context.report({ path: [...path, 'resources', k], message: `"${r}" names an admission policy kind, which a mutating admission policy can never match; remove it` });
      });
    }
  },
});
