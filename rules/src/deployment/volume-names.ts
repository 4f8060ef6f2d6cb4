import { defineRule, formats, isJsonObject, schemaAt } from '@platlint/core';
import { objectsIn, podSpec, POD_SPEC } from './pod.js';

export default defineRule({
  meta: {
    id: 'deployment/volume-names',
    description: 'Volumes of the pod template have unique DNS-label names, at most one volume type, and CSI driver names the server accepts.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document A, Deployment (template); upstream pod validation',
    docs: [
      'Containers mount volumes by name, so each volume of `spec.template.spec.volumes` needs a name',
      "that is a DNS label (at most 63 lowercase letters, digits and '-') and that no other volume",
      'of the pod uses. A duplicate is reported on the later volume. A volume takes one type (a',
      'source such as `emptyDir`, `configMap` or `persistentVolumeClaim`); the server refuses one',
      'that names two or more, and the finding is on the volume. A volume that names none (only a',
      '`name`, or a type set to null) is accepted: the server fills in `emptyDir: {}`.',
      '',
      'The `driver` of a `csi` volume is a DNS subdomain, but the server lowercases it before',
      'checking, so `CSI.Example.com` is accepted and `csi_driver` is not.',
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
      // None set is fine: the v1 defaults give such a volume an emptyDir before validation.
      const set = types.filter((type) => volume[type] !== undefined && volume[type] !== null);
      if (set.length > 1) {
        context.report({ path: [...POD_SPEC, 'volumes', i], message: `volume ${typeof volume.name === 'string' ? `"${volume.name}" ` : ''}sets ${set.length} types (${set.join(', ')}); a volume has exactly one source, so keep one of them` });
      }
      const name = volume.name;
      if (typeof name !== 'string') continue;
      const at = [...POD_SPEC, 'volumes', i, 'name'];
      const problem = formats['dns-label'](name);
      if (problem) context.report({ path: at, message: `volume name "${name}" ${problem}` });
      else if (seen.has(name)) context.report({ path: at, message: `volume name "${name}" is already used by another volume of this pod; volume names must be unique` });
      seen.add(name);
    }
    for (const [volume, i] of objectsIn(pod.volumes)) {
      const csi = volume.csi;
      if (!isJsonObject(csi) || typeof csi.driver !== 'string' || csi.driver === '') continue;
      // Upstream folds the name to lowercase first, so only the characters and their layout count.
      const problem = formats['dns-subdomain'](csi.driver.toLowerCase());
      if (problem) context.report({ path: [...POD_SPEC, 'volumes', i, 'csi', 'driver'], message: `CSI driver name "${csi.driver}" ${problem}` });
    }
  },
});
