import { defineRule } from '@platlint/core';
import { AUTHZ, obj, webhooks } from './shared.js';
import docs from './webhook-connection-info.md';

export default defineRule({
  meta: {
    id: 'config/webhook-connection-info',
    description: 'platConfigFile is required, as an absolute path, for type PlatConfigFile and not allowed for InClusterConfig.',
    kinds: [AUTHZ],
    severity: 'error',
    enforcedBy: 'server',
    source:
      'API document C, AuthorizationConfiguration (WebhookConnectionInfo); upstream (API server configuration loading, AuthorizationConfiguration)',
    docs,
    messages: {
      fileWithInCluster: 'platConfigFile is not used with type InClusterConfig; remove it or use type PlatConfigFile',
      fileMissing: 'type PlatConfigFile needs platConfigFile, the absolute path of the client configuration file',
      fileNotAbsolute: 'platConfigFile {{file}} must be an absolute path',
    },
  },
  check(context) {
    for (const { webhook, path } of webhooks(context)) {
      const info = obj(webhook.connectionInfo);
      if (!info) continue;
      const file = info.platConfigFile;
      const at = [...path, 'connectionInfo', 'platConfigFile'];
      if (info.type === 'InClusterConfig' && file !== undefined && file !== null) {
        context.report({ path: at, messageId: 'fileWithInCluster', target: 'key' });
      } else if (info.type === 'PlatConfigFile') {
        if (file === undefined || file === null || file === '')
          context.report({ path: at, messageId: 'fileMissing', target: 'missing' });
        else if (typeof file === 'string' && !file.startsWith('/'))
          context.report({ path: at, messageId: 'fileNotAbsolute', data: { file: JSON.stringify(file) } });
      }
    }
  },
});
