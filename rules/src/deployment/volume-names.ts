import { defineRule, formats } from '@platlint/core';
import { objectsIn, podSpec, POD_SPEC } from './pod.js';

export default defineRule({
  meta: {
    id: 'deployment/volume-names',
    description: 'Volumes of the pod template have unique DNS-label names.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document A, Deployment (template); upstream pod validation',
    docs: [
      'Containers mount volumes by name, so each volume of `spec.template.spec.volumes` needs a name',
      "that is a DNS label (at most 63 lowercase letters, digits and '-') and that no other volume",
      'of the pod uses. A duplicate is reported on the later volume.',
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
    for (const [volume, i] of objectsIn(pod.volumes)) {
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
