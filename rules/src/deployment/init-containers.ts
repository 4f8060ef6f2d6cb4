import { defineRule } from '@platlint/core';
import { docsDeploymentWithPodFields, objectsIn, POD_SPEC, podSpec } from './pod.js';

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
    docs: [
      'An init container runs to completion before the others start, so hooks and probes mean',
      'nothing to it: the server refuses `lifecycle`, `livenessProbe`, `readinessProbe` and',
      '`startupProbe` on one. A sidecar, an init container with `restartPolicy: Always`, keeps',
      'running beside the others and may set them.',
      '',
      'Fails:',
      '',
      ...docsDeploymentWithPodFields('      initContainers:', '      - name: migrate', '        image: migrate:1.0', '        readinessProbe: {exec: {command: [test, -f, /done]}}'),
      '',
      'Passes:',
      '',
      ...docsDeploymentWithPodFields(
        '      initContainers:',
        '      - name: proxy',
        '        image: proxy:1.0',
        '        restartPolicy: Always',
        '        readinessProbe: {exec: {command: [test, -f, /ready]}}',
      ),
    ].join('\n'),
  },
  check(context) {
    for (const [container, i] of objectsIn(podSpec(context.value)?.initContainers)) {
      if (container.restartPolicy === 'Always') continue;
      for (const field of RUNNING_ONLY) {
        if (container[field] === undefined || container[field] === null) continue;
        context.report({ path: [...POD_SPEC, 'initContainers', i, field], target: 'key', message: `${field} is not allowed on an init container that runs to completion; remove it, or make the container a sidecar with restartPolicy: Always` });
      }
    }
  },
});
