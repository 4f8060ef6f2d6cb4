import { defineRule } from '@platlint/core';
import { authenticators, AUTHN, obj, unionFindingPaths } from './shared.js';
import { filled } from '../kit/objects.js';
import docs from './claim-or-expression.md';

export default defineRule({
  meta: {
    id: 'config/claim-or-expression',
    description: 'A claim mapping sets either claim or expression, never both; username and uid need one.',
    kinds: [AUTHN],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document C, AuthenticationConfiguration (ClaimOrExpression, PrefixedClaimOrExpression, ClaimMappings)',
    docs,
    messages: {
      both: '{{field}} sets both claim and expression; keep one of them',
      neither: '{{field}} needs a claim or an expression',
    },
  },
  check(context) {
    for (const { jwt, path } of authenticators(context)) {
      const mappings = obj(jwt.claimMappings);
      for (const field of ['username', 'groups', 'uid'] as const) {
        const mapping = obj(mappings?.[field]);
        if (!mapping) continue;
        const { paths, problem } = unionFindingPaths([...path, 'claimMappings', field], ['claim', 'expression'], (m) =>
          filled(mapping[m]),
        );
        if (problem === 'both') {
          for (const at of paths) context.report({ path: at, messageId: 'both', data: { field }, target: 'key' });
        } else if (problem === 'none' && field !== 'groups') {
          for (const at of paths)
            context.report({
              path: at,
              messageId: 'neither',
              data: { field },
              severity: field === 'uid' ? 'warning' : undefined,
              target: 'missing',
            });
        }
      }
    }
  },
});
