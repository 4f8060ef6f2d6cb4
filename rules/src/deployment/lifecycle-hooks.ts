import { defineRule, isJsonObject } from '@platlint/core';
import { checkOneHandler, containersOf, docsWebContainer } from './pod.js';
import type { HandlerWording } from './pod.js';

const HANDLERS = new Set(['exec', 'httpGet', 'tcpSocket', 'sleep']);
const HOOKS = ['postStart', 'preStop'] as const;
const HOOK_WORDING: HandlerWording = { none: 'has no action; set one of exec, httpGet or sleep', many: 'a hook runs exactly one action, remove all but one', owner: 'hook' };

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
      ...docsWebContainer(
        '        lifecycle:',
        '          preStop: {}',
      ),
      '',
      'Passes:',
      '',
      ...docsWebContainer(
        '        lifecycle:',
        '          preStop: {sleep: {seconds: 5}}',
      ),
    ].join('\n'),
  },
  check(context) {
    for (const { container, path } of containersOf(context.value)) {
      if (!isJsonObject(container.lifecycle)) continue;
      for (const hook of HOOKS) {
        const handler = container.lifecycle[hook];
        if (!isJsonObject(handler)) continue;
        checkOneHandler(context, handler, [...path, 'lifecycle', hook], HANDLERS, hook, HOOK_WORDING);
      }
    }
  },
});
