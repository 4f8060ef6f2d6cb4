import { defineRule, platlintInfo, schemaAt } from '@platlint/core';
import { AUTHZ, durationNs, webhooks } from './shared.js';
import docs from './webhook-timeout.md';

export default defineRule({
  meta: {
    id: 'config/webhook-timeout',
    description: 'A webhook authorizer timeout must be greater than 0s and at most 30s.',
    kinds: [AUTHZ],
    severity: 'error',
    enforcedBy: 'server',
    fixable: true,
    source: 'API document C, AuthorizationConfiguration (WebhookConfiguration.timeout; Limits)',
    docs,
    messages: {
      notPositive: 'timeout {{timeout}} must be greater than 0s',
      aboveMaximum: 'timeout {{timeout}} is above the maximum of {{max}}',
    },
  },
  check(context) {
    for (const { webhook, path } of webhooks(context)) {
      const at = [...path, 'timeout'];
      const ns = durationNs(webhook.timeout);
      if (ns === undefined) continue;
      // The maximum is a fact of the schema (the overlay's maxDuration), not of this rule.
      const node = schemaAt(context.schema, at);
      const max = node ? platlintInfo(node).maxDuration : undefined;
      const maxNs = max === undefined ? undefined : durationNs(max);
      if (ns <= 0) context.report({ path: at, messageId: 'notPositive', data: { timeout: String(webhook.timeout) } });
      else if (max !== undefined && maxNs !== undefined && ns > maxNs)
        context.report({
          path: at,
          messageId: 'aboveMaximum',
          data: { timeout: String(webhook.timeout), max },
          fix: { text: max },
        });
    }
  },
});
