import { defineRule, isJsonObject, schemaAt } from '@platlint/core';
import { formats } from '../kit/names.js';
import { objectsIn } from '../kit/objects.js';
import { POD_SPEC, podSpec } from '../kit/paths.js';
import docs from './volume-names.md';

export default defineRule({
  meta: {
    id: 'deployment/volume-names',
    description:
      'Volumes of the pod template have unique DNS-label names, at most one volume type, and CSI driver names the server accepts.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'API document A, Deployment (template); upstream pod validation',
    docs,
    messages: {
      severalSources: 'volume {{volume}}sets {{count}} types ({{set}}); a volume has exactly one source, so keep one of them',
      badVolumeName: 'volume name "{{name}}" {{problem}}',
      volumeNameTwice: 'volume name "{{name}}" is already used by another volume of this pod; volume names must be unique',
      csiDriverName: 'CSI driver name "{{driver}}" {{problem}}',
    },
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
        context.report({
          path: [...POD_SPEC, 'volumes', i],
          messageId: 'severalSources',
          data: { volume: typeof volume.name === 'string' ? `"${volume.name}" ` : '', count: set.length, set: set.join(', ') },
        });
      }
      const name = volume.name;
      if (typeof name !== 'string') continue;
      const at = [...POD_SPEC, 'volumes', i, 'name'];
      const problem = formats['dns-label'](name);
      if (problem) context.report({ path: at, messageId: 'badVolumeName', data: { name, problem } });
      else if (seen.has(name)) context.report({ path: at, messageId: 'volumeNameTwice', data: { name } });
      seen.add(name);
    }
    for (const [volume, i] of objectsIn(pod.volumes)) {
      const csi = volume.csi;
      if (!isJsonObject(csi) || typeof csi.driver !== 'string' || csi.driver === '') continue;
      // Upstream folds the name to lowercase first, so only the characters and their layout count.
      const problem = formats['dns-subdomain'](csi.driver.toLowerCase());
      if (problem)
        context.report({
          path: [...POD_SPEC, 'volumes', i, 'csi', 'driver'],
          messageId: 'csiDriverName',
          data: { driver: csi.driver, problem },
        });
    }
  },
});
