import { defineRule } from '@platlint/core';
import type { FieldPath } from '@platlint/core';
import { AUTHZ, forRepeats, obj, quote, webhooks } from './shared.js';
import { listOf } from '../kit/objects.js';
import docs from './webhook-match-condition.md';

export default defineRule({
  meta: {
    id: 'config/webhook-match-condition',
    description:
      'Webhook match conditions are non-blank, not repeated, and come with matchConditionSubjectAccessReviewVersion v1.',
    kinds: [AUTHZ],
    severity: 'error',
    enforcedBy: 'server',
    source:
      'API document C, AuthorizationConfiguration (WebhookConfiguration, WebhookMatchCondition); upstream (API server configuration loading, AuthorizationConfiguration)',
    docs,
    messages: {
      unsupportedVersion: 'matchConditionSubjectAccessReviewVersion {{version}} is not supported; the only version is v1',
      versionRequired: 'matchConditionSubjectAccessReviewVersion is required with match conditions; set it to v1',
      blank: 'expression is blank; write a CEL condition over request',
      repeated: 'the same expression is already matchConditions[{{firstIndex}}]; remove the repeat',
    },
  },
  check(context) {
    for (const { webhook, path } of webhooks(context)) {
      const all = listOf(webhook.matchConditions);
      const version = webhook.matchConditionSubjectAccessReviewVersion;
      const versionAt = [...path, 'matchConditionSubjectAccessReviewVersion'];
      if (typeof version === 'string' && version !== '' && version !== 'v1') {
        context.report({ path: versionAt, messageId: 'unsupportedVersion', data: { version: quote(version) } });
      } else if ((version === undefined || version === null || version === '') && all.length > 0) {
        context.report({ path: versionAt, messageId: 'versionRequired', target: 'missing' });
      }
      const conditions = all.flatMap((c, k) => {
        const expression = obj(c)?.expression;
        return typeof expression === 'string'
          ? [{ expression, k, at: [...path, 'matchConditions', k, 'expression'] as FieldPath }]
          : [];
      });
      for (const { expression, at } of conditions) {
        if (expression.trim() === '') context.report({ path: at, messageId: 'blank' });
      }
      forRepeats(
        conditions,
        (c) => (c.expression.trim() === '' ? undefined : c.expression),
        (later, first) => context.report({ path: later.at, messageId: 'repeated', data: { firstIndex: first.k } }),
      );
    }
  },
});
