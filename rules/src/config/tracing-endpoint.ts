import { defineRule } from '@platlint/core';
import { TRACING } from './shared.js';

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
    docs: [
      'Traces go to an OpenTelemetry collector over gRPC without TLS, so the endpoint is a gRPC',
      'target: `host:port` (read as `dns://host:port`), or a `dns://`, `unix://` or',
      '`unix-abstract://` address. `http://` and `https://` URLs are rejected: the exporter does',
      'not speak HTTP, and TLS is not supported. Best left unset (`localhost:4317`).',
      '',
      'Fails: `endpoint: https://collector.example.com:4317`',
      'Passes: `endpoint: collector.example.com:4317`, `endpoint: unix:///var/run/otel.sock`',
      '',
      'The spec only calls the endpoint the collector address; its form is upstream\'s.',
    ].join('\n'),
  },
  check(context) {
    const endpoint = context.value.endpoint;
    if (typeof endpoint !== 'string') return;
    const target = endpoint.includes('//') ? endpoint : `dns://${endpoint}`;
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      context.report({ path: ['endpoint'], message: `endpoint ${JSON.stringify(endpoint)} is not an address; write host:port or a unix:// socket` });
      return;
    }
    if (!SCHEMES.has(url.protocol)) {
      const hint = url.protocol === 'http:' || url.protocol === 'https:' ? `; write ${JSON.stringify(url.host || 'host:port')} (the collector is reached over gRPC without TLS)` : '; use host:port, dns://, unix:// or unix-abstract://';
      context.report({ path: ['endpoint'], message: `endpoint scheme ${JSON.stringify(url.protocol.slice(0, -1))} is not supported${hint}`, fix: (url.protocol === 'http:' || url.protocol === 'https:') && url.host ? { text: url.host } : undefined });
    }
  },
});
