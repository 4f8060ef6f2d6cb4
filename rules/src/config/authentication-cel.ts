import { defineRule } from '@platlint/core';
import type { FieldPath } from '@platlint/core';
import { claimsEnvironment, userValidationEnvironment } from '@platlint/cel';
import type { ClaimsPlace } from '@platlint/cel';
import { AUTHN, authenticators, checkCel, filled, list, obj } from './shared.js';
import type { CelCheck } from './shared.js';

// One set of environments per release (the CEL libraries of the configured `release`).
const checksByRelease = new Map<string, Record<ClaimsPlace | 'user', CelCheck>>();

function environments(release: string): Record<ClaimsPlace | 'user', CelCheck> {
  let checks = checksByRelease.get(release);
  if (!checks) {
    checks = {
      claimValidationRule: { env: claimsEnvironment('claimValidationRule', undefined, release), place: 'a claim validation rule', variable: 'claims', staticBool: true },
      username: { env: claimsEnvironment('username', undefined, release), place: 'the username mapping', variable: 'claims', resultTypeIsAdvice: true },
      groups: { env: claimsEnvironment('groups', undefined, release), place: 'the groups mapping', variable: 'claims', resultTypeIsAdvice: true },
      uid: { env: claimsEnvironment('uid', undefined, release), place: 'the uid mapping', variable: 'claims', resultTypeIsAdvice: true },
      extra: { env: claimsEnvironment('extra', undefined, release), place: 'an extra mapping', variable: 'claims', resultTypeIsAdvice: true },
      user: { env: userValidationEnvironment(undefined, release), place: 'a user validation rule', variable: 'user', staticBool: true },
    };
    checksByRelease.set(release, checks);
  }
  return checks;
}

export default defineRule({
  meta: {
    id: 'config/authentication-cel',
    description: 'CEL expressions of an AuthenticationConfiguration compile, in their environment, to the type their field needs.',
    kinds: [AUTHN],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document C, AuthenticationConfiguration (ClaimValidationRule, ClaimMappings, ExtraMapping, UserValidationRule)',
    docs: [
      'Every expression is compiled and type-checked where the API server evaluates it:',
      '',
      '| field | variable | result |',
      '|---|---|---|',
      '| `claimValidationRules[].expression` | `claims` (map of string to dyn) | bool |',
      '| `claimMappings.username.expression`, `uid.expression` | `claims` | string |',
      '| `claimMappings.groups.expression`, `extra[].valueExpression` | `claims` | string or list of strings |',
      '| `userValidationRules[].expression` | `user` (username, uid, groups, extra) | bool |',
      '',
      'Boolean rules need a result that is bool before run time: `claims.admin` is typed `dyn`',
      'and is rejected, `claims.admin == true` passes. Findings point at the offending characters.',
      '',
      'Fails: `userValidationRules: [{expression: claims.sub != ""}]` (only `user` is declared there)',
      'Passes: `userValidationRules: [{expression: user.username != ""}]`',
      '',
      'Compile failures and non-bool results of the boolean rules are errors: the server refuses',
      'to load the file. The server accepts a mapping expression of any result type when it loads',
      'the file and fails only when a token is mapped; the spec says what type each mapping',
      'produces, so a wrong static type of a mapping is a warning. Repeated rule expressions are',
      'compiled once (the repeat is reported by the rule-specific checks). A static cost estimate',
      'over the limit is a warning: the server does not estimate cost when it loads the file.',
    ].join('\n'),
  },
  check(context) {
    const env = environments(context.settings.release);
    for (const { jwt, path } of authenticators(context)) {
      const seenRules = new Set<string>();
      list(jwt.claimValidationRules).forEach((r, j) => {
        const expression = obj(r)?.expression;
        if (!filled(expression) || seenRules.has(expression)) return;
        seenRules.add(expression);
        checkCel(context, [...path, 'claimValidationRules', j, 'expression'], expression, env.claimValidationRule);
      });
      const mappings = obj(jwt.claimMappings);
      for (const field of ['username', 'groups', 'uid'] as const) {
        const expression = obj(mappings?.[field])?.expression;
        if (filled(expression)) checkCel(context, [...path, 'claimMappings', field, 'expression'], expression, env[field]);
      }
      list(mappings?.extra).forEach((e, j) => {
        const expression = obj(e)?.valueExpression;
        if (typeof expression === 'string' && expression.trim() !== '') checkCel(context, [...path, 'claimMappings', 'extra', j, 'valueExpression'], expression, env.extra);
      });
      const seenUser = new Set<string>();
      list(jwt.userValidationRules).forEach((r, j) => {
        const expression = obj(r)?.expression;
        if (typeof expression !== 'string' || expression.trim() === '' || seenUser.has(expression)) return;
        seenUser.add(expression);
        const at: FieldPath = [...path, 'userValidationRules', j, 'expression'];
        checkCel(context, at, expression, env.user);
      });
    }
  },
});
