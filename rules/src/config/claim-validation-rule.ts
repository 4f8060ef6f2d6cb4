import { defineRule } from '@platlint/core';
import type { FieldPath } from '@platlint/core';
import { authenticators, AUTHN, forRepeats, obj, unionFindingPaths } from './shared.js';
import type { Obj } from '../kit/objects.js';
import { filled, listOf } from '../kit/objects.js';
import docs from './claim-validation-rule.md';

export default defineRule({
  meta: {
    id: 'config/claim-validation-rule',
    description: 'A claim validation rule is either claim/requiredValue or expression/message, and is not repeated.',
    kinds: [AUTHN],
    severity: 'error',
    enforcedBy: 'server',
    source:
      'API document C, AuthenticationConfiguration (ClaimValidationRule); upstream (API server configuration loading, AuthenticationConfiguration)',
    docs,
    messages: {
      both: 'claim and expression are both set; a rule uses one of them',
      neither: 'the rule needs a claim (with requiredValue) or an expression',
      messageWithClaim: 'message is only used with an expression; remove it or turn the rule into an expression',
      requiredValueWithExpression: 'requiredValue is only used with claim; compare the value in the expression instead',
      repeated: 'the same {{field}} is already checked by claimValidationRules[{{firstIndex}}]; remove the repeat',
    },
  },
  check(context) {
    for (const { jwt, path } of authenticators(context)) {
      const rules = listOf(jwt.claimValidationRules).flatMap((r, j) => {
        const rule = obj(r);
        return rule ? [{ rule, at: [...path, 'claimValidationRules', j] as FieldPath }] : [];
      });
      for (const { rule, at } of rules) {
        const claim = filled(rule.claim);
        const expression = filled(rule.expression);
        const union = unionFindingPaths(at, ['claim', 'expression'], (m) => filled(rule[m]));
        if (union.problem === 'both') for (const path of union.paths) context.report({ path, messageId: 'both', target: 'key' });
        else if (union.problem === 'none')
          for (const path of union.paths) context.report({ path, messageId: 'neither', target: 'missing' });
        else if (claim && filled(rule.message))
          context.report({ path: [...at, 'message'], messageId: 'messageWithClaim', target: 'key' });
        else if (expression && filled(rule.requiredValue))
          context.report({ path: [...at, 'requiredValue'], messageId: 'requiredValueWithExpression', target: 'key' });
      }
      const exclusive = (r: Obj): boolean => !(filled(r.claim) && filled(r.expression));
      for (const field of ['claim', 'expression'] as const) {
        forRepeats(
          rules.filter(({ rule }) => exclusive(rule)),
          ({ rule }) => (filled(rule[field]) ? rule[field] : undefined),
          (later, first) =>
            context.report({
              path: [...later.at, field],
              messageId: 'repeated',
              data: { field, firstIndex: String(first.at[3]) },
            }),
        );
      }
    }
  },
});
