import { defineRule } from '@platlint/core';
import { DOCS_DEPLOYMENT_HEAD, isInteger, isJsonObject, probesOf, serviceNameProblem } from './pod.js';

const HANDLERS: ReadonlySet<string> = new Set(['exec', 'httpGet', 'tcpSocket', 'grpc']);

export default defineRule({
  meta: {
    id: 'deployment/probe-handler',
    description: 'Each probe has exactly one handler (exec, httpGet, tcpSocket or grpc) with a valid port.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document A, Deployment (template); upstream pod validation',
    docs: [
      'A liveness, readiness or startup probe says how to probe the container with exactly one of',
      '`exec`, `httpGet`, `tcpSocket` and `grpc`. A probe without a handler cannot run; a probe with',
      'two is ambiguous, and the server rejects both. The port of an `httpGet` or `tcpSocket`',
      'handler is a number from 1 to 65535 or the name of a container port (an IANA service name);',
      'a `grpc` port is a number from 1 to 65535.',
      '',
      'Fails:',
      '',
      '```yaml',
      ...DOCS_DEPLOYMENT_HEAD,
      '      - name: web',
      '        image: nginx:1.27',
      '        livenessProbe:',
      '          httpGet: {path: /healthz, port: 8080}',
      '          tcpSocket: {port: 8080}',
      '```',
      '',
      'Passes:',
      '',
      '```yaml',
      ...DOCS_DEPLOYMENT_HEAD,
      '      - name: web',
      '        image: nginx:1.27',
      '        livenessProbe:',
      '          httpGet: {path: /healthz, port: 8080}',
      '```',
    ].join('\n'),
  },
  check(context) {
    for (const { probe, kind, path: at } of probesOf(context.value)) {
      // Source order, so that the findings land on the handlers written after the first.
      const set = Object.keys(probe).filter((h) => HANDLERS.has(h) && probe[h] !== undefined && probe[h] !== null);
      if (set.length === 0) {
        context.report({ path: at, target: 'key', message: `${kind} has no handler; set one of exec, httpGet, tcpSocket or grpc` });
      }
      // Every handler after the first is one too many, and each is reported where it is written.
      for (const extra of set.slice(1)) {
        context.report({ path: [...at, extra], target: 'key', message: `${kind} sets ${set.join(' and ')}; a probe takes exactly one handler, remove all but one` });
      }
      for (const handler of ['httpGet', 'tcpSocket'] as const) {
        const action = probe[handler];
        if (!isJsonObject(action)) continue;
        const port = action.port;
        if (isInteger(port) && (port < 1 || port > 65535)) {
          context.report({ path: [...at, handler, 'port'], message: `probe port ${port} is out of range; use a port from 1 to 65535 or a port name` });
        } else if (typeof port === 'string') {
          const problem = serviceNameProblem(port);
          if (problem) context.report({ path: [...at, handler, 'port'], message: `probe port name "${port}" ${problem}` });
        }
      }
      const grpc = probe.grpc;
      if (isJsonObject(grpc) && isInteger(grpc.port) && (grpc.port < 1 || grpc.port > 65535)) {
        context.report({ path: [...at, 'grpc', 'port'], message: `probe port ${grpc.port} is out of range; use a port from 1 to 65535` });
      }
    }
  },
});
