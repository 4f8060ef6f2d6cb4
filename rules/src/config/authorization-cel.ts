import { defineRule } from '@platlint/core';
import type { CelPlace } from '@platlint/core';
import { AUTHZ, checkCelPlaces } from './shared.js';
import type { PlaceCheck } from './shared.js';

/** The check of webhook match conditions; where they stand is marked in the schema tree. */
const CHECKS = {
  'authorization.webhookMatchCondition': { place: 'a match condition', variable: 'request', staticBool: true, skip: 'blank', compileRepeatsOnce: true },
} as const satisfies Partial<Record<CelPlace, PlaceCheck>>;

export default defineRule({
  meta: {
    id: 'config/authorization-cel',
    description: 'Webhook match conditions compile over request and evaluate to bool.',
    kinds: [AUTHZ],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document C, AuthorizationConfiguration (WebhookMatchCondition.expression)',
    docs: [
      'A webhook match condition is CEL over `request`, the spec of a v1 SubjectAccessReview',
      '(`user`, `uid`, `groups`, `extra`, `resourceAttributes`, `nonResourceAttributes`), and must',
      'evaluate to bool. Undeclared variables, unknown fields, syntax errors and non-bool results',
      'are reported on the characters concerned.',
      '',
      'Fails: `expression: request.user` (a string), `expression: request.verb == "get"` (no such field)',
      'Passes: `expression: request.resourceAttributes.verb == "get"`',
      '',
      'The server refuses the same expressions (it also requires the result to be bool before run',
      'time). A static cost estimate over the limit is a warning: the server does not estimate',
      'cost when it loads the file.',
    ].join('\n'),
  },
  check(context) {
    checkCelPlaces(context, CHECKS);
  },
});
