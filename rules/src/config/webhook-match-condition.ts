import { defineRule } from '@platlint/core';
import type { FieldPath } from '@platlint/core';
import { AUTHZ, forRepeats, list, obj, webhooks } from './shared.js';

export default defineRule({
  meta: {
    id: 'config/webhook-match-condition',
    description: 'Webhook match condition expressions are non-blank and not repeated.',
    kinds: [AUTHZ],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document C, AuthorizationConfiguration (WebhookMatchCondition); upstream (API server configuration loading, AuthorizationConfiguration)',
    docs: [
      'Each match condition is a CEL expression that decides whether a request goes to the',
      'webhook. A blank expression is missing, and the same expression twice adds nothing (the',
      'repeat is reported). Compilation is `config/authorization-cel`; the limit of 64',
      'conditions is structural (`schema/length`).',
      '',
      'Fails: `matchConditions: [{expression: "  "}]`',
      'Passes: `matchConditions: [{expression: has(request.resourceAttributes)}]`',
      '',
      'Upstream agrees.',
    ].join('\n'),
  },
  check(context) {
    for (const { webhook, path } of webhooks(context)) {
      const conditions = list(webhook.matchConditions).flatMap((c, k) => {
        const expression = obj(c)?.expression;
        return typeof expression === 'string' ? [{ expression, k, at: [...path, 'matchConditions', k, 'expression'] as FieldPath }] : [];
      });
      for (const { expression, at } of conditions) {
        if (expression.trim() === '') context.report({ path: at, message: 'expression is blank; write a CEL condition over request' });
      }
      forRepeats(
        conditions,
        (c) => (c.expression.trim() === '' ? undefined : c.expression),
        (later, first) => context.report({ path: later.at, message: `the same expression is already matchConditions[${first.k}]; remove the repeat` }),
      );
    }
  },
});
