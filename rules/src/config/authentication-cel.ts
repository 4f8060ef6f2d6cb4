import { defineRule } from '@platlint/core';
import type { CelPlace } from '@platlint/core';
import { AUTHN, checkCelPlaces } from './shared.js';
import type { PlaceCheck } from './shared.js';

const mapping = (place: string): PlaceCheck => ({ place, variable: 'claims', resultTypeIsAdvice: true, skip: 'empty' });

/** The checks of each CEL place of the file; the places themselves are marked in the schema tree. */
const CHECKS = {
  'authentication.claimValidationRule': { place: 'a claim validation rule', variable: 'claims', staticBool: true, skip: 'empty', compileRepeatsOnce: true },
  'authentication.username': mapping('the username mapping'),
  'authentication.groups': mapping('the groups mapping'),
  'authentication.uid': mapping('the uid mapping'),
  'authentication.extra': { ...mapping('an extra mapping'), skip: 'blank' },
  'authentication.userValidationRule': { place: 'a user validation rule', variable: 'user', staticBool: true, skip: 'blank', compileRepeatsOnce: true },
} as const satisfies Partial<Record<CelPlace, PlaceCheck>>;

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
    checkCelPlaces(context, CHECKS);
  },
});
