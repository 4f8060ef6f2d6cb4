import { RuleTester } from '@platlint/core/testing';
import { authz, webhookAuthorizer } from './fixtures.js';
import rule from './webhook-connection-info.js';

const info = (body: string): Record<string, string> => ({ connectionInfo: `\n${body.replace(/^/gm, '  ')}` });

RuleTester.run(rule, {
  valid: [
    {
      yaml: authz([
        webhookAuthorizer('a', info('type: InClusterConfig')),
        webhookAuthorizer('b', info('type: InClusterConfig\nplatConfigFile: null')),
      ]),
    },
    { yaml: authz([webhookAuthorizer('a', info('type: PlatConfigFile\nplatConfigFile: /etc/authz.kubeconfig'))]) },
  ],
  invalid: [
    {
      yaml: authz([
        webhookAuthorizer('a', info('type: InClusterConfig\nplatConfigFile: ""')),
        webhookAuthorizer('b', info('type: PlatConfigFile')),
        webhookAuthorizer('c', info('type: PlatConfigFile\nplatConfigFile: ""')),
        webhookAuthorizer('d', info('type: PlatConfigFile\nplatConfigFile: authz/webhook.kubeconfig')),
      ]),
      errors: [
        { path: 'authorizers[0].webhook.connectionInfo.platConfigFile', messageId: 'fileWithInCluster', line: 15, column: 9 },
        { path: 'authorizers[1].webhook.connectionInfo.platConfigFile', messageId: 'fileMissing' },
        { path: 'authorizers[2].webhook.connectionInfo.platConfigFile', messageId: 'fileMissing' },
        {
          path: 'authorizers[3].webhook.connectionInfo.platConfigFile',
          messageId: 'fileNotAbsolute',
          data: { file: '"authz/webhook.kubeconfig"' },
        },
      ],
    },
  ],
});
