import { defineRule } from '@platlint/core';
import { AUTHN, authenticators, filled, obj } from './shared.js';

export default defineRule({
  meta: {
    id: 'config/claim-or-expression',
    description: 'A claim mapping sets either claim or expression, never both; username and uid need one.',
    kinds: [AUTHN],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document C, AuthenticationConfiguration (ClaimOrExpression, PrefixedClaimOrExpression, ClaimMappings)',
    docs: [
      '`claimMappings.username`, `groups` and `uid` take their value from a claim or from a CEL',
      'expression. Setting both is ambiguous. `username` must have one of them (nothing is',
      'defaulted; `claim: sub` with an explicit prefix reproduces the legacy behaviour), and so',
      'must a `uid` section that is written. `groups` may be left empty (no groups). An empty',
      'string counts as unset.',
      '',
      'Fails: `username: {claim: sub, expression: claims.sub}`',
      'Passes: `username: {claim: sub, prefix: ""}`',
      '',
      'Upstream accepts a `uid` section with neither member; the spec says one must be set.',
    ].join('\n'),
  },
  check(context) {
    for (const { jwt, path } of authenticators(context)) {
      const mappings = obj(jwt.claimMappings);
      for (const field of ['username', 'groups', 'uid'] as const) {
        const mapping = obj(mappings?.[field]);
        if (!mapping) continue;
        const at = [...path, 'claimMappings', field];
        const claim = filled(mapping.claim);
        const expression = filled(mapping.expression);
        if (claim && expression) context.report({ path: at, message: `${field} sets both claim and expression; keep one of them` });
        else if (!claim && !expression && field !== 'groups') context.report({ path: at, message: `${field} needs a claim or an expression` });
      }
    }
  },
});
