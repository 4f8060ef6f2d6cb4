import { defineRule, isJsonObject } from '@platlint/core';
import { forEachObject } from '../kit/objects.js';
import { hooksOf, probesOf } from './pod.js';
import docs from './http-headers.md';

/** An HTTP header name as the server accepts it: letters, digits and '-'. */
const HEADER_NAME = /^[-A-Za-z0-9]+$/;

export default defineRule({
  meta: {
    id: 'deployment/http-headers',
    description: "httpGet probes and hooks send headers whose names are letters, digits and '-'.",
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream pod validation (httpGet action)',
    docs,
    messages: {
      badHeaderName: "header name {{name}} may only hold letters, digits and '-'",
    },
  },
  check(context) {
    for (const handlers of [probesOf(context.value), hooksOf(context.value)])
      for (const { handler, path } of handlers) {
        if (!isJsonObject(handler.httpGet)) continue;
        forEachObject(handler.httpGet.httpHeaders, (header, i) => {
          if (typeof header.name === 'string' && !HEADER_NAME.test(header.name)) {
            context.report({
              path: [...path, 'httpGet', 'httpHeaders', i, 'name'],
              messageId: 'badHeaderName',
              data: { name: JSON.stringify(header.name) },
            });
          }
        });
      }
  },
});
