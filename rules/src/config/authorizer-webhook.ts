import { defineRule } from '@platlint/core';
import { AUTHZ, obj } from './shared.js';
import { filled, listOf } from '../kit/objects.js';
import docs from './authorizer-webhook.md';

export default defineRule({
  meta: {
    id: 'config/authorizer-webhook',
    description: 'The webhook section is required for type Webhook and not allowed for other types.',
    kinds: [AUTHZ],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document C, AuthorizationConfiguration (AuthorizerConfiguration.webhook)',
    docs,
    messages: {
      webhookMissing: 'a Webhook authorizer needs a webhook section (timeout, connectionInfo, ...)',
      webhookNotTaken: 'a {{type}} authorizer takes no webhook section; remove it',
    },
  },
  check(context) {
    listOf(context.value.authorizers).forEach((a, i) => {
      const authorizer = obj(a);
      if (!authorizer || !filled(authorizer.type)) return;
      const present = authorizer.webhook !== undefined && authorizer.webhook !== null;
      if (authorizer.type === 'Webhook' && !present) {
        context.report({ path: ['authorizers', i, 'webhook'], messageId: 'webhookMissing', target: 'missing' });
      } else if (authorizer.type !== 'Webhook' && present) {
        context.report({
          path: ['authorizers', i, 'webhook'],
          messageId: 'webhookNotTaken',
          data: { type: authorizer.type },
          target: 'key',
        });
      }
    });
  },
});
