import { RuleTester } from '@platlint/core/testing';
import rule from './probe-handler.js';
import { deploymentWithContainer } from './fixtures.js';

const deployment = (probes: string): string => deploymentWithContainer(`        ports: [{name: http, containerPort: 8080}]
${probes}`);

RuleTester.run(rule, {
  valid: [
    {
      name: 'one handler each',
      yaml: deployment('        livenessProbe: {httpGet: {path: /healthz, port: http}}\n        readinessProbe: {tcpSocket: {port: 8080}}\n        startupProbe: {exec: {command: [cat, /tmp/started]}}\n'),
    },
    { name: 'grpc', yaml: deployment('        readinessProbe: {grpc: {port: 9090}}\n') },
  ],
  invalid: [
    {
      name: 'no handler',
      yaml: deployment('        livenessProbe: {periodSeconds: 5}\n'),
      errors: [{ path: 'spec.template.spec.containers[0].livenessProbe', message: 'livenessProbe has no handler; set one of exec, httpGet, tcpSocket or grpc', line: 13, column: 9 }],
    },
    {
      name: 'two handlers: reported on the second one written',
      yaml: deployment('        readinessProbe:\n          tcpSocket: {port: 8080}\n          httpGet: {path: /ready, port: 8080}\n'),
      errors: [{ path: 'spec.template.spec.containers[0].readinessProbe.httpGet', message: 'readinessProbe sets tcpSocket and httpGet; a probe takes exactly one handler, remove all but one', line: 15, column: 11 }],
    },
    {
      name: 'three handlers: each one after the first is reported',
      yaml: deployment('        readinessProbe:\n          exec: {command: [true]}\n          tcpSocket: {port: 8080}\n          grpc: {port: 9090}\n'),
      errors: [
        { path: 'spec.template.spec.containers[0].readinessProbe.tcpSocket', message: 'readinessProbe sets exec and tcpSocket and grpc; a probe takes exactly one handler, remove all but one', line: 15 },
        { path: 'spec.template.spec.containers[0].readinessProbe.grpc', message: /^readinessProbe sets exec and tcpSocket and grpc/, line: 16 },
      ],
    },
    {
      name: 'bad ports',
      yaml: deployment('        livenessProbe: {httpGet: {path: /, port: 0}}\n        readinessProbe: {tcpSocket: {port: Http_Port}}\n        startupProbe: {grpc: {port: 70000}}\n'),
      errors: [
        { path: 'spec.template.spec.containers[0].livenessProbe.httpGet.port', message: 'probe port 0 is out of range; use a port from 1 to 65535 or a port name' },
        { path: 'spec.template.spec.containers[0].readinessProbe.tcpSocket.port', message: `probe port name "Http_Port" may only hold lowercase letters, digits and '-'` },
        { path: 'spec.template.spec.containers[0].startupProbe.grpc.port', message: 'probe port 70000 is out of range; use a port from 1 to 65535' },
      ],
    },
  ],
});
