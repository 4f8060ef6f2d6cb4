import { defineRule } from '@platlint/core';
import { docsDeploymentWithPodFields, objectsIn, POD_SPEC, podSpec } from './pod.js';

export default defineRule({
  meta: {
    id: 'deployment/scheduling-gates',
    description: 'Scheduling gates of the pod template have unique names.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream pod validation (schedulingGates)',
    docs: [
      'A pod waits for scheduling until every gate in `spec.template.spec.schedulingGates` has been',
      'removed, one by name; the server refuses a gate named twice (the finding is on the second).',
      '',
      'Fails:',
      '',
      ...docsDeploymentWithPodFields('      schedulingGates: [{name: example.com/quota}, {name: example.com/quota}]'),
      '',
      'Passes:',
      '',
      ...docsDeploymentWithPodFields('      schedulingGates: [{name: example.com/quota}, {name: example.com/license}]'),
    ].join('\n'),
  },
  check(context) {
    const seen = new Set<string>();
    for (const [gate, i] of objectsIn(podSpec(context.value)?.schedulingGates)) {
      if (typeof gate.name !== 'string') continue;
      if (seen.has(gate.name)) context.report({ path: [...POD_SPEC, 'schedulingGates', i, 'name'], message: `scheduling gate "${gate.name}" is listed twice; keep one entry` });
      seen.add(gate.name);
    }
  },
});
