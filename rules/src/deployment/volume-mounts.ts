import { defineRule } from '@platlint/core';
import { containersOf, podSpec } from '../kit/paths.js';
import { forEachObject } from '../kit/objects.js';
import docs from './volume-mounts.md';

export default defineRule({
  meta: {
    id: 'deployment/volume-mounts',
    description: 'Every volumeMount names a volume of the pod template.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document A, Deployment (template); upstream pod validation',
    docs,
    messages: {
      unknownVolume:
        'volumeMount "{{name}}" names no volume of this pod; declare it under spec.template.spec.volumes or fix the name',
    },
  },
  check(context) {
    const pod = podSpec(context.value);
    if (!pod) return;
    const volumes: unknown[] = [];
    forEachObject(pod.volumes, (volume) => volumes.push(volume.name));
    // A volume without a usable name (schema/required) may be the one a mount means.
    if (volumes.some((name) => typeof name !== 'string')) return;
    for (const { container, path } of containersOf(context.value)) {
      forEachObject(container.volumeMounts, (mount, i) => {
        const name = mount.name;
        if (typeof name === 'string' && !volumes.includes(name))
          context.report({ path: [...path, 'volumeMounts', i, 'name'], messageId: 'unknownVolume', data: { name } });
      });
    }
  },
});
