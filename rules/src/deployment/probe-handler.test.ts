import { RuleTester } from '@platlint/core/testing';
import rule from './probe-handler.js';
import { deploymentWithContainer } from './fixtures.js';

const deployment = (probes: string): string =>
  deploymentWithContainer(`        ports: [{name: http, containerPort: 8080}]
${probes}`);

RuleTester.run(rule, {
  valid: [
    {
      name: 'one handler each',
      yaml: deployment(
        '        livenessProbe: {httpGet: {path: /healthz, port: http}}\n        readinessProbe: {tcpSocket: {port: 8080}}\n        startupProbe: {exec: {command: [cat, /tmp/started]}}\n',
      ),
    },
    { name: 'grpc', yaml: deployment('        readinessProbe: {grpc: {port: 9090}}\n') },
  ],
  invalid: [
    {
      name: 'no handler',
      yaml: deployment('        livenessProbe: {periodSeconds: 5}\n'),
      errors: [
        {
          path: 'spec.template.spec.containers[0].livenessProbe',
          messageId: 'noHandler',
          data: { name: 'livenessProbe' },
          line: 13,
          column: 9,
        },
      ],
    },
    {
      name: 'two handlers: reported on the second one written',
      yaml: deployment(
        '        readinessProbe:\n          tcpSocket: {port: 8080}\n          httpGet: {path: /ready, port: 8080}\n',
      ),
      errors: [
        {
          path: 'spec.template.spec.containers[0].readinessProbe.httpGet',
          messageId: 'manyHandlers',
          data: { name: 'readinessProbe', handlers: 'tcpSocket and httpGet' },
          line: 15,
          column: 11,
        },
      ],
    },
    {
      name: 'three handlers: each one after the first is reported',
      yaml: deployment(
        '        readinessProbe:\n          exec: {command: [true]}\n          tcpSocket: {port: 8080}\n          grpc: {port: 9090}\n',
      ),
      errors: [
        {
          path: 'spec.template.spec.containers[0].readinessProbe.tcpSocket',
          messageId: 'manyHandlers',
          data: { name: 'readinessProbe', handlers: 'exec and tcpSocket and grpc' },
          line: 15,
        },
        {
          path: 'spec.template.spec.containers[0].readinessProbe.grpc',
          messageId: 'manyHandlers',
          data: { name: 'readinessProbe', handlers: 'exec and tcpSocket and grpc' },
          line: 16,
        },
      ],
    },
    {
      name: 'bad ports',
      yaml: deployment(
        '        livenessProbe: {httpGet: {path: /, port: 0}}\n        readinessProbe: {tcpSocket: {port: Http_Port}}\n        startupProbe: {grpc: {port: 70000}}\n',
      ),
      errors: [
        {
          path: 'spec.template.spec.containers[0].livenessProbe.httpGet.port',
          messageId: 'handlerPortOutOfRange',
          data: { port: 0 },
        },
        {
          path: 'spec.template.spec.containers[0].readinessProbe.tcpSocket.port',
          messageId: 'handlerPortName',
          data: { port: 'Http_Port', problem: "may only hold lowercase letters, digits and '-'" },
        },
        {
          path: 'spec.template.spec.containers[0].startupProbe.grpc.port',
          messageId: 'grpcPortOutOfRange',
          data: { port: 70000 },
        },
      ],
    },
  ],
});
