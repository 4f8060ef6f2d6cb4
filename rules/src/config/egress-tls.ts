import { defineRule } from '@platlint/core';
import { EGRESS, obj } from './shared.js';
import { filled, listOf } from '../kit/objects.js';
import docs from './egress-tls.md';

export default defineRule({
  meta: {
    id: 'config/egress-tls',
    description: 'An HTTPConnect tcp url is http:// without TLS settings or https:// with a client key and certificate.',
    kinds: [EGRESS],
    severity: 'error',
    enforcedBy: 'server',
    source:
      'API document C, EgressSelectorConfiguration (TCPTransport, TLSConfig); upstream (API server configuration loading, EgressSelectorConfiguration)',
    docs,
    messages: {
      tlsWithHttp: 'tlsConfig is not used with an http:// url; remove it or switch the url to https://',
      tlsMissing: 'an https:// url needs tlsConfig with clientKey and clientCert',
      tlsFieldMissing: '{{field}} is required with an https:// url; give the path of the client {{file}} file',
      badScheme: 'url {{url}} must start with http:// or https://',
    },
  },
  check(context) {
    listOf(context.value.egressSelections).forEach((s, i) => {
      const connection = obj(obj(s)?.connection);
      const tcp = obj(obj(connection?.transport)?.tcp);
      if (connection?.proxyProtocol !== 'HTTPConnect' || !tcp || typeof tcp.url !== 'string') return;
      const at = ['egressSelections', i, 'connection', 'transport', 'tcp'];
      const tls = tcp.tlsConfig;
      if (tcp.url.startsWith('http://')) {
        if (tls !== undefined && tls !== null)
          context.report({ path: [...at, 'tlsConfig'], messageId: 'tlsWithHttp', target: 'key' });
      } else if (tcp.url.startsWith('https://')) {
        const config = obj(tls);
        if (!config) {
          context.report({ path: [...at, 'tlsConfig'], messageId: 'tlsMissing', target: 'missing' });
          return;
        }
        for (const field of ['clientKey', 'clientCert'] as const) {
          if (!filled(config[field]))
            context.report({
              path: [...at, 'tlsConfig', field],
              messageId: 'tlsFieldMissing',
              data: { field, file: field === 'clientKey' ? 'key' : 'certificate' },
              target: 'missing',
            });
        }
      } else {
        context.report({ path: [...at, 'url'], messageId: 'badScheme', data: { url: JSON.stringify(tcp.url) } });
      }
    });
  },
});
