import { defineRule } from '@platlint/core';
import { webhookMatchEnvironment } from '@platlint/cel';
import { AUTHZ, checkCel, list, obj, webhooks } from './shared.js';
import type { CelCheck } from './shared.js';

// One environment per release (the CEL libraries of the configured `release`).
const matchByRelease = new Map<string, CelCheck>();

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
    const release = context.settings.release;
    let match = matchByRelease.get(release);
    if (!match) {
      match = { env: webhookMatchEnvironment(undefined, release), place: 'a match condition', variable: 'request', staticBool: true };
      matchByRelease.set(release, match);
    }
    for (const { webhook, path } of webhooks(context)) {
      const seen = new Set<string>();
      list(webhook.matchConditions).forEach((c, k) => {
        const expression = obj(c)?.expression;
        if (typeof expression !== 'string' || expression.trim() === '' || seen.has(expression)) return;
        seen.add(expression);
        checkCel(context, [...path, 'matchConditions', k, 'expression'], expression, match);
      });
    }
  },
});
