import { defineRule } from '@platlint/core';
import { checkOneHandler, isInteger, isJsonObject, probesOf } from './pod.js';
import type { HandlerWording } from './pod.js';
import docs from './probe-handler.md';

const HANDLERS: ReadonlySet<string> = new Set(['exec', 'httpGet', 'tcpSocket', 'grpc']);
const PROBE_WORDING: HandlerWording = { none: 'has no handler; set one of exec, httpGet, tcpSocket or grpc', many: 'a probe takes exactly one handler, remove all but one', owner: 'probe' };

export default defineRule({
  meta: {
    id: 'deployment/probe-handler',
    description: 'Each probe has exactly one handler (exec, httpGet, tcpSocket or grpc) with a valid port.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document A, Deployment (template); upstream pod validation',
    docs,
  },
  check(context) {
    for (const { probe, kind, path: at } of probesOf(context.value)) {
      checkOneHandler(context, probe, at, HANDLERS, kind, PROBE_WORDING);
      const grpc = probe.grpc;
      if (isJsonObject(grpc) && isInteger(grpc.port) && (grpc.port < 1 || grpc.port > 65535)) {
        context.report({ path: [...at, 'grpc', 'port'], message: `probe port ${grpc.port} is out of range; use a port from 1 to 65535` });
      }
    }
  },
});
