import { RuleTester } from '@platlint/core/testing';
import rule from './tracing-endpoint.js';

const tracing = (endpoint: string): string =>
  `apiVersion: apiserver.plat.io/v1beta1\nkind: TracingConfiguration\nendpoint: ${endpoint}\n`;

RuleTester.run(rule, {
  valid: [
    { yaml: tracing('localhost:4317') },
    { yaml: tracing('127.0.0.1:4317') },
    { yaml: tracing('dns:///collector.example.com:4317') },
    { yaml: tracing('unix:///var/run/otel.sock') },
    { yaml: tracing('unix-abstract://otel') },
  ],
  invalid: [
    {
      yaml: tracing('https://collector.example.com:4317'),
      errors: [
        {
          path: 'endpoint',
          messageId: 'unsupportedScheme',
          data: {
            scheme: '"https"',
            hint: '; write "collector.example.com:4317" (the collector is reached over gRPC without TLS)',
          },
          fix: 'collector.example.com:4317',
          line: 3,
          column: 11,
        },
      ],
    },
    {
      name: 'an IPv6 host is written quoted: plain, [::1]:4317 would not be YAML',
      yaml: tracing('http://[::1]:4317  # local collector'),
      errors: [{ path: 'endpoint', message: /scheme "http" is not supported; write "\[::1\]:4317"/, fix: '"[::1]:4317"' }],
      output: tracing('"[::1]:4317"  # local collector'),
    },
    {
      name: 'a quoted value keeps its quotes',
      yaml: tracing("'https://collector.example.com:4317'"),
      errors: [{ path: 'endpoint', message: /scheme "https" is not supported/, fix: "'collector.example.com:4317'" }],
      output: tracing("'collector.example.com:4317'"),
    },
    {
      yaml: tracing('ftp://collector.example.com'),
      errors: [
        {
          path: 'endpoint',
          messageId: 'unsupportedScheme',
          data: { scheme: '"ftp"', hint: '; use host:port, dns://, unix:// or unix-abstract://' },
        },
      ],
    },
    {
      yaml: tracing('collector.example.com:otlp'),
      errors: [{ path: 'endpoint', messageId: 'notAddress', data: { endpoint: '"collector.example.com:otlp"' } }],
    },
  ],
});
