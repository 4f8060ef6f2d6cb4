import { defineRule } from '@platlint/core';
import { FS_KIND, policyRules } from './shape.js';
import { listAt } from '../kit/objects.js';
import docs from './rule-has-targets.md';

export default defineRule({
  meta: {
    id: 'flowschema/rule-has-targets',
    description: 'Every FlowSchema rule needs at least one resource rule or non-resource rule.',
    kinds: [FS_KIND],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document B, FlowSchema (PolicyRulesWithSubjects)',
    docs,
    messages: {
      noTargets: 'this rule has no resourceRules and no nonResourceRules, so it matches no request; add at least one of them',
    },
  },
  check(context) {
    for (const rule of policyRules(context.value)) {
      // A member of the wrong type is schema/type's finding; it may well hold rules.
      if (
        ['resourceRules', 'nonResourceRules'].some(
          (k) => rule.value[k] !== undefined && rule.value[k] !== null && !Array.isArray(rule.value[k]),
        )
      )
        continue;
      const count = (listAt(rule.value, 'resourceRules')?.length ?? 0) + (listAt(rule.value, 'nonResourceRules')?.length ?? 0);
      if (count > 0) continue;
      context.report({ path: rule.path, messageId: 'noTargets' });
    }
  },
});
