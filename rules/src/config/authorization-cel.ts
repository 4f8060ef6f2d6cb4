import { defineRule } from '@platlint/core';
import type { CelPlace } from '@platlint/core';
import { AUTHZ, CEL_MESSAGES, checkCelPlaces } from './shared.js';
import type { PlaceCheck } from './shared.js';
import docs from './authorization-cel.md';

/** The check of webhook match conditions; where they stand is marked in the schema tree. */
const CHECKS = {
  'authorization.webhookMatchCondition': {
    place: 'a match condition',
    variable: 'request',
    staticBool: true,
    skip: 'blank',
    compileRepeatsOnce: true,
  },
} as const satisfies Partial<Record<CelPlace, PlaceCheck>>;

export default defineRule({
  meta: {
    id: 'config/authorization-cel',
    description: 'Webhook match conditions compile over request and evaluate to bool.',
    kinds: [AUTHZ],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document C, AuthorizationConfiguration (WebhookMatchCondition.expression)',
    docs,
    messages: CEL_MESSAGES,
  },
  check(context) {
    checkCelPlaces(context, CHECKS);
  },
});
