import { RuleTester } from '@platlint/core/testing';
import rule from './tracing-endpoint.js';

const tracing = (endpoint: string): string => `apiVersion: apiserver.plat.io/v1beta1\nkind: TracingConfiguration\nendpoint: ${endpoint}\n`;

RuleTester.run(rule, {
  valid: [
    { yaml: tracing('localhost:4317') },
    { yaml: tracing('127.0.0.1:4317') },
    { yaml: tracing('dns:///collector.example.com:4317') },
    { yaml: tracing('unix:///var/run/otel.sock') },
    { yaml: tracing('unix-abstract://otel') },
  ],
  invalid: [
    { yaml: tracing('https://collector.example.com:4317'), errors: [{ path: 'endpoint', message: 'endpoint scheme "https" is not supported; write "collector.example.com:4317" (the collector is reached over gRPC without TLS)', fix: 'collector.example.com:4317', line: 3, column: 11 }] },
    { yaml: tracing('ftp://collector.example.com'), errors: [{ path: 'endpoint', message: 'endpoint scheme "ftp" is not supported; use host:port, dns://, unix:// or unix-abstract://' }] },
    { yaml: tracing('collector.example.com:otlp'), errors: [{ path: 'endpoint', message: 'endpoint "collector.example.com:otlp" is not an address; write host:port or a unix:// socket' }] },
  ],
});
