import { defineRule } from '@platlint/core';
import { TRACING } from './shared.js';
import docs from './tracing-endpoint.md';

const SCHEMES = new Set(['dns:', 'unix:', 'unix-abstract:']);

export default defineRule({
  meta: {
    id: 'config/tracing-endpoint',
    description: 'The tracing endpoint is host:port or a dns://, unix:// or unix-abstract:// address.',
    kinds: [TRACING],
    severity: 'error',
    enforcedBy: 'server',
    fixable: true,
    source: 'upstream (API server configuration loading, TracingConfiguration)',
    docs,
    messages: {
      notAddress: 'endpoint {{endpoint}} is not an address; write host:port or a unix:// socket',
      unsupportedScheme: 'endpoint scheme {{scheme}} is not supported{{hint}}',
    },
  },
  check(context) {
    const endpoint = context.value.endpoint;
    if (typeof endpoint !== 'string') return;
    const target = endpoint.includes('//') ? endpoint : `dns://${endpoint}`;
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      context.report({ path: ['endpoint'], messageId: 'notAddress', data: { endpoint: JSON.stringify(endpoint) } });
      return;
    }
    if (!SCHEMES.has(url.protocol)) {
      const hint =
        url.protocol === 'http:' || url.protocol === 'https:'
          ? `; write ${JSON.stringify(url.host || 'host:port')} (the collector is reached over gRPC without TLS)`
          : '; use host:port, dns://, unix:// or unix-abstract://';
      context.report({
        path: ['endpoint'],
        messageId: 'unsupportedScheme',
        data: { scheme: JSON.stringify(url.protocol.slice(0, -1)), hint },
        fix: (url.protocol === 'http:' || url.protocol === 'https:') && url.host ? { text: url.host } : undefined,
      });
    }
  },
});
