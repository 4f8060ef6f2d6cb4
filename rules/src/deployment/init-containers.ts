import { defineRule } from '@platlint/core';
import { forEachObject } from '../kit/objects.js';
import { POD_SPEC, podSpec } from '../kit/paths.js';
import docs from './init-containers.md';

/** Fields only a container that keeps running can use. */
const RUNNING_ONLY = ['lifecycle', 'livenessProbe', 'readinessProbe', 'startupProbe'] as const;

export default defineRule({
  meta: {
    id: 'deployment/init-containers',
    description: 'Init containers that run to completion set no lifecycle hooks and no probes.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream pod validation (init containers)',
    docs,
    messages: {
      runningOnly:
        '{{field}} is not allowed on an init container that runs to completion; remove it, or make the container a sidecar with restartPolicy: Always',
    },
  },
  check(context) {
    forEachObject(podSpec(context.value)?.initContainers, (container, i) => {
      if (container.restartPolicy === 'Always') return;
      for (const field of RUNNING_ONLY) {
        if (container[field] === undefined || container[field] === null) continue;
        context.report({
          path: [...POD_SPEC, 'initContainers', i, field],
          target: 'key',
          messageId: 'runningOnly',
          data: { field },
        });
      }
    });
  },
});
