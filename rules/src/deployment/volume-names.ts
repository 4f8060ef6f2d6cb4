import { defineRule, formats, schemaAt } from '@platlint/core';
import { objectsIn, podSpec, POD_SPEC } from './pod.js';

export default defineRule({
  meta: {
    id: 'deployment/volume-names',
    description: 'Volumes of the pod template have unique DNS-label names and a volume type.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document A, Deployment (template); upstream pod validation',
    docs: [
      'Containers mount volumes by name, so each volume of `spec.template.spec.volumes` needs a name',
      "that is a DNS label (at most 63 lowercase letters, digits and '-') and that no other volume",
      'of the pod uses. A duplicate is reported on the later volume. A volume also needs a type (a',
      'source such as `emptyDir`, `configMap` or `persistentVolumeClaim`); the server refuses one',
      'that names none, and the finding is on the volume.',
      '',
      'Fails:',
      '',
      '```yaml',
      'volumes:',
      '- {name: cache, emptyDir: {}}',
      '- {name: cache, emptyDir: {}}',
      '```',
      '',
      'Passes:',
      '',
      '```yaml',
      'volumes:',
      '- {name: cache, emptyDir: {}}',
      '- {name: tmp, emptyDir: {}}',
      '```',
    ].join('\n'),
  },
  check(context) {
    const pod = podSpec(context.value);
    if (!pod) return;
    const seen = new Set<string>();
    // Every field of a volume other than its name is one of the volume types (the schema lists them).
    const volumeNode = schemaAt(context.schema, [...POD_SPEC, 'volumes', 0]);
    const types = Object.keys(volumeNode?.properties ?? {}).filter((field) => field !== 'name');
    for (const [volume, i] of objectsIn(pod.volumes)) {
      if (types.length > 0 && !types.some((type) => volume[type] !== undefined && volume[type] !== null)) {
        context.report({ path: [...POD_SPEC, 'volumes', i], message: `volume ${typeof volume.name === 'string' ? `"${volume.name}" ` : ''}has no type; give it one source, such as emptyDir: {}, configMap or persistentVolumeClaim` });
      }
      const name = volume.name;
      if (typeof name !== 'string') continue;
      const at = [...POD_SPEC, 'volumes', i, 'name'];
      const problem = formats['dns-label'](name);
      if (problem) context.report({ path: at, message: `volume name "${name}" ${problem}` });
      else if (seen.has(name)) context.report({ path: at, message: `volume name "${name}" is already used by another volume of this pod; volume names must be unique` });
      seen.add(name);
    }
  },
});
