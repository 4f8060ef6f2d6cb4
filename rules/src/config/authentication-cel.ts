import { defineRule } from '@platlint/core';
import type { CelPlace } from '@platlint/core';
import { AUTHN, CEL_MESSAGES, checkCelPlaces } from './shared.js';
import type { PlaceCheck } from './shared.js';
import docs from './authentication-cel.md';

const mapping = (place: string): PlaceCheck => ({ place, variable: 'claims', resultTypeIsAdvice: true, skip: 'empty' });

/** The checks of each CEL place of the file; the places themselves are marked in the schema tree. */
const CHECKS = {
  'authentication.claimValidationRule': {
    place: 'a claim validation rule',
    variable: 'claims',
    staticBool: true,
    skip: 'empty',
    compileRepeatsOnce: true,
  },
  'authentication.username': mapping('the username mapping'),
  'authentication.groups': mapping('the groups mapping'),
  'authentication.uid': mapping('the uid mapping'),
  'authentication.extra': { ...mapping('an extra mapping'), skip: 'blank' },
  'authentication.userValidationRule': {
    place: 'a user validation rule',
    variable: 'user',
    staticBool: true,
    skip: 'blank',
    compileRepeatsOnce: true,
  },
} as const satisfies Partial<Record<CelPlace, PlaceCheck>>;

export default defineRule({
  meta: {
    id: 'config/authentication-cel',
    description:
      'CEL expressions of an AuthenticationConfiguration compile, in their environment, to the type their field needs.',
    kinds: [AUTHN],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document C, AuthenticationConfiguration (ClaimValidationRule, ClaimMappings, ExtraMapping, UserValidationRule)',
    docs,
    messages: CEL_MESSAGES,
  },
  check(context) {
    checkCelPlaces(context, CHECKS);
  },
});
