import { defineRule, isJsonObject } from '@platlint/core';
import { checkOneHandler, handlerMessages, probesOf } from './pod.js';
import { isInteger } from '../kit/objects.js';
import docs from './probe-handler.md';

const HANDLERS = ['exec', 'httpGet', 'tcpSocket', 'grpc'];

export default defineRule({
  meta: {
    id: 'deployment/probe-handler',
    description: 'Each probe has exactly one handler (exec, httpGet, tcpSocket or grpc) with a valid port.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document A, Deployment (template); upstream pod validation',
    docs,
    messages: {
      ...handlerMessages({
        none: 'has no handler; set one of exec, httpGet, tcpSocket or grpc',
        many: 'a probe takes exactly one handler, remove all but one',
        owner: 'probe',
      }),
      grpcPortOutOfRange: 'probe port {{port}} is out of range; use a port from 1 to 65535',
    },
  },
  check(context) {
    for (const { handler: probe, kind, path: at } of probesOf(context.value)) {
      checkOneHandler(context, probe, at, HANDLERS, kind);
      const grpc = probe.grpc;
      if (isJsonObject(grpc) && isInteger(grpc.port) && (grpc.port < 1 || grpc.port > 65535)) {
        context.report({ path: [...at, 'grpc', 'port'], messageId: 'grpcPortOutOfRange', data: { port: grpc.port } });
      }
    }
  },
});
