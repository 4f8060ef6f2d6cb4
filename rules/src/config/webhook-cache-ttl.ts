import { defineRule } from '@platlint/core';
import { AUTHZ, durationNs, webhooks } from './shared.js';
import docs from './webhook-cache-ttl.md';

const DEFAULTS = {
  authorizedTTL: { value: '5m', cache: 'cacheAuthorizedRequests' },
  unauthorizedTTL: { value: '30s', cache: 'cacheUnauthorizedRequests' },
} as const;

export default defineRule({
  meta: {
    id: 'config/webhook-cache-ttl',
    description: 'Webhook cache TTLs must not be negative; a zero TTL is replaced by the default.',
    kinds: [AUTHZ],
    severity: 'error',
    enforcedBy: 'server',
    source:
      'API document C, AuthorizationConfiguration (WebhookConfiguration.authorizedTTL, unauthorizedTTL); upstream (API server configuration loading, AuthorizationConfiguration)',
    docs,
    messages: {
      negative: '{{field}} {{ttl}} is negative; write a positive duration',
      zero: '{{field}} 0 is replaced by the default {{value}}; to stop caching, set {{cache}}: false instead',
    },
  },
  check(context) {
    for (const { webhook, path } of webhooks(context)) {
      for (const field of ['authorizedTTL', 'unauthorizedTTL'] as const) {
        const ns = durationNs(webhook[field]);
        if (ns === undefined) continue;
        if (ns < 0)
          context.report({ path: [...path, field], messageId: 'negative', data: { field, ttl: String(webhook[field]) } });
        else if (ns === 0) {
          const { value, cache } = DEFAULTS[field];
          // With caching switched off the TTL is never used, so its default changes nothing.
          if (webhook[cache] === false) continue;
          context.report({ path: [...path, field], severity: 'warning', messageId: 'zero', data: { field, value, cache } });
        }
      }
    }
  },
});
