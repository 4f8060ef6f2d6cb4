import { defineRule } from '@platlint/core';
import { claimsEnvironment, rememberedCompile } from '@platlint/cel';
import type { CelEnvironment } from '@platlint/cel';
import { claimSelections } from './claim-selections.js';
import { authenticators, AUTHN, obj } from './shared.js';
import { filled, listOf } from '../kit/objects.js';
import docs from './email-verified.md';

export default defineRule({
  meta: {
    id: 'config/email-verified',
    description: 'A username expression that uses claims.email must have claims.email_verified checked.',
    kinds: [AUTHN],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document C, AuthenticationConfiguration (ClaimMappings.username)',
    docs,
    messages: {
      unverifiedEmail:
        'the username uses claims.email but claims.email_verified is never checked; add a claim validation rule such as "claims.email_verified == true"',
    },
  },
  check(context) {
    for (const { jwt, path } of authenticators(context)) {
      const mappings = obj(jwt.claimMappings);
      const username = obj(mappings?.username)?.expression;
      if (!filled(username)) continue;
      const selected = claimSelections(username);
      if (!selected.has('email') || selected.has('email_verified')) continue;
      const extras = listOf(mappings?.extra).map((e) => obj(e)?.valueExpression);
      const rules = listOf(jwt.claimValidationRules)
        .map((r) => obj(r)?.expression)
        .filter((e): e is string => {
          if (!filled(e)) return false;
          // Only a rule the server accepts counts, and it accepts a static bool only.
          const compiled = rememberedCompile(ruleEnvironment(), e);
          return compiled.ok && compiled.program.type === 'bool';
        });
      if ([...extras, ...rules].some((e) => filled(e) && claimSelections(e).has('email_verified'))) continue;
      context.report({
        path: [...path, 'claimMappings', 'username', 'expression'],
        messageId: 'unverifiedEmail',
      });
    }
  },
});

let ruleEnv: CelEnvironment | undefined;

/** The environment of claim validation rules, built once for the run rather than per object. */
function ruleEnvironment(): CelEnvironment {
  return (ruleEnv ??= claimsEnvironment('claimValidationRule'));
}
