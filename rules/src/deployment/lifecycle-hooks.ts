import { defineRule, isJsonObject } from '@platlint/core';
import { containersOf, DOCS_DEPLOYMENT_HEAD, isInteger, serviceNameProblem } from './pod.js';

const HANDLERS = new Set(['exec', 'httpGet', 'tcpSocket', 'sleep']);
const HOOKS = ['postStart', 'preStop'] as const;

export default defineRule({
  meta: {
    id: 'deployment/lifecycle-hooks',
    description: 'Each lifecycle hook has exactly one action (exec, httpGet, tcpSocket or sleep) with a valid port.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream pod validation (container lifecycle)',
    docs: [
      'A `postStart` or `preStop` hook of a container runs one action: `exec`, `httpGet`, `sleep`',
      '(or the deprecated `tcpSocket`). The server refuses a hook with none, and one with two or',
      'more (each extra action is reported where it is written). An `httpGet` or `tcpSocket` port is',
      'a number from 1 to 65535 or a port name.',
      '',
      'Fails:',
      '',
      '```yaml',
      ...DOCS_DEPLOYMENT_HEAD,
      '      - name: web',
      '        image: nginx:1.27',
      '        lifecycle:',
      '          preStop: {}',
      '```',
      '',
      'Passes:',
      '',
      '```yaml',
      ...DOCS_DEPLOYMENT_HEAD,
      '      - name: web',
      '        image: nginx:1.27',
      '        lifecycle:',
      '          preStop: {sleep: {seconds: 5}}',
      '```',
    ].join('\n'),
  },
  check(context) {
    for (const { container, path } of containersOf(context.value)) {
      if (!isJsonObject(container.lifecycle)) continue;
      for (const hook of HOOKS) {
        const handler = container.lifecycle[hook];
        if (!isJsonObject(handler)) continue;
        const at = [...path, 'lifecycle', hook];
        const set = Object.keys(handler).filter((h) => HANDLERS.has(h) && handler[h] !== undefined && handler[h] !== null);
        if (set.length === 0) context.report({ path: at, message: `${hook} has no action; set one of exec, httpGet or sleep` });
        for (const extra of set.slice(1)) {
          context.report({ path: [...at, extra], target: 'key', message: `${hook} sets ${set.join(' and ')}; a hook runs exactly one action, remove all but one` });
        }
        for (const kind of ['httpGet', 'tcpSocket'] as const) {
          const action = handler[kind];
          if (!isJsonObject(action)) continue;
          const port = action.port;
          if (isInteger(port) && (port < 1 || port > 65535)) {
            context.report({ path: [...at, kind, 'port'], message: `hook port ${port} is out of range; use a port from 1 to 65535 or a port name` });
          } else if (typeof port === 'string') {
            const problem = serviceNameProblem(port);
            if (problem) context.report({ path: [...at, kind, 'port'], message: `hook port name "${port}" ${problem}` });
          }
        }
      }
    }
  },
});
