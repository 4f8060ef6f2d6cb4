import { defineRule } from '@platlint/core';
import { authenticators, AUTHN, obj } from './shared.js';
import { filled } from '../kit/objects.js';
import docs from './claim-prefix.md';

export default defineRule({
  meta: {
    id: 'config/claim-prefix',
    description: 'A username or groups claim needs an explicit prefix; an expression takes none.',
    kinds: [AUTHN],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document C, AuthenticationConfiguration (PrefixedClaimOrExpression, ClaimMappings)',
    docs,
    messages: {
      prefixRequired: '{{field}} reads a claim, so prefix is required; write prefix: "" for no prefix',
      prefixWithExpression: 'prefix is not allowed with an expression; build the prefix into the expression',
    },
  },
  check(context) {
    for (const { jwt, path } of authenticators(context)) {
      const mappings = obj(jwt.claimMappings);
      for (const field of ['username', 'groups'] as const) {
        const mapping = obj(mappings?.[field]);
        if (!mapping) continue;
        const at = [...path, 'claimMappings', field, 'prefix'];
        const hasPrefix = mapping.prefix !== undefined && mapping.prefix !== null;
        if (filled(mapping.claim) && !filled(mapping.expression) && !hasPrefix) {
          context.report({ path: at, messageId: 'prefixRequired', data: { field }, target: 'missing' });
        } else if (filled(mapping.expression) && !filled(mapping.claim) && hasPrefix) {
          context.report({ path: at, messageId: 'prefixWithExpression', target: 'key' });
        }
      }
    }
  },
});
