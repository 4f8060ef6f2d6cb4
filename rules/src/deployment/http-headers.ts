import { defineRule, isJsonObject } from '@platlint/core';
import { containersOf } from '../kit/paths.js';
import { objectsIn } from '../kit/objects.js';
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
    for (const { container, path } of containersOf(context.value)) {
      const places: [unknown, (string | number)[]][] = (['livenessProbe', 'readinessProbe', 'startupProbe'] as const).map(
        (probe) => [container[probe], [...path, probe]],
      );
      if (isJsonObject(container.lifecycle)) {
        for (const hook of ['postStart', 'preStop'] as const)
          places.push([container.lifecycle[hook], [...path, 'lifecycle', hook]]);
      }
      for (const [handler, at] of places) {
        if (!isJsonObject(handler) || !isJsonObject(handler.httpGet)) continue;
        for (const [header, i] of objectsIn(handler.httpGet.httpHeaders)) {
          if (typeof header.name === 'string' && !HEADER_NAME.test(header.name)) {
            context.report({
              path: [...at, 'httpGet', 'httpHeaders', i, 'name'],
              messageId: 'badHeaderName',
              data: { name: JSON.stringify(header.name) },
            });
          }
        }
      }
    }
  },
});
