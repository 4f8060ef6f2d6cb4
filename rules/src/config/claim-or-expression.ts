import { defineRule } from '@platlint/core';
import { AUTHN, authenticators, filled, obj, unionFindingPaths } from './shared.js';

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
      'expression. Setting both is refused by the server (reported at each of the two fields).',
      '`username` must have one of them (nothing is defaulted; `claim: sub` with an explicit',
      'prefix reproduces the legacy behaviour): a username with neither is refused, reported at',
      'its `claim`. `groups` may be left empty (no groups). An empty string counts as unset.',
      '',
      'Fails: `username: {claim: sub, expression: claims.sub}`',
      'Passes: `username: {claim: sub, prefix: ""}`',
      '',
      'The spec says one of `claim` and `expression` must be set in a `uid` section too; the',
      'server loads a `uid` section with neither (and then maps no uid), so that is a warning.',
    ].join('\n'),
  },
  check(context) {
    for (const { jwt, path } of authenticators(context)) {
      const mappings = obj(jwt.claimMappings);
      for (const field of ['username', 'groups', 'uid'] as const) {
        const mapping = obj(mappings?.[field]);
        if (!mapping) continue;
        const { paths, problem } = unionFindingPaths([...path, 'claimMappings', field], ['claim', 'expression'], (m) => filled(mapping[m]));
        if (problem === 'both') {
          for (const at of paths) context.report({ path: at, message: `${field} sets both claim and expression; keep one of them`, target: 'key' });
        } else if (problem === 'none' && field !== 'groups') {
          for (const at of paths) context.report({ path: at, message: `${field} needs a claim or an expression`, severity: field === 'uid' ? 'warning' : undefined, target: 'missing' });
        }
      }
    }
  },
});
