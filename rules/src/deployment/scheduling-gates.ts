import { defineRule } from '@platlint/core';
import { forEachObject } from '../kit/objects.js';
import { POD_SPEC, podSpec } from '../kit/paths.js';
import docs from './scheduling-gates.md';

export default defineRule({
  meta: {
    id: 'deployment/scheduling-gates',
    description: 'Scheduling gates of the pod template have unique names.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream pod validation (schedulingGates)',
    docs,
    messages: {
      gateTwice: 'scheduling gate "{{name}}" is listed twice; keep one entry',
    },
  },
  check(context) {
    const seen = new Set<string>();
    forEachObject(podSpec(context.value)?.schedulingGates, (gate, i) => {
      if (typeof gate.name !== 'string') return;
      if (seen.has(gate.name))
        context.report({ path: [...POD_SPEC, 'schedulingGates', i, 'name'], messageId: 'gateTwice', data: { name: gate.name } });
      seen.add(gate.name);
    });
  },
});
