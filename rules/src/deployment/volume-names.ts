import { defineRule, isJsonObject, schemaAt } from '@platlint/core';
import type { SchemaNode } from '@platlint/core';
import { formats } from '../kit/names.js';
import { countSet, forEachObject, setFields } from '../kit/objects.js';
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
    if (!pod || !Array.isArray(pod.volumes) || pod.volumes.length === 0) return;
    const seen = new Set<string>();
    const types = volumeTypes(context.schema);
    forEachObject(pod.volumes, (volume, i) => {
      // None set is fine: the v1 defaults give such a volume an emptyDir before validation.
      const count = countSet(volume, types);
      if (count > 1) {
        context.report({
          path: [...POD_SPEC, 'volumes', i],
          messageId: 'severalSources',
          data: {
            volume: typeof volume.name === 'string' ? `"${volume.name}" ` : '',
            count,
            set: setFields(volume, types).join(', '),
          },
        });
      }
      const name = volume.name;
      if (typeof name !== 'string') return;
      const problem = formats['dns-label'](name);
      if (problem)
        context.report({ path: [...POD_SPEC, 'volumes', i, 'name'], messageId: 'badVolumeName', data: { name, problem } });
      else if (seen.has(name))
        context.report({ path: [...POD_SPEC, 'volumes', i, 'name'], messageId: 'volumeNameTwice', data: { name } });
      seen.add(name);
    });
    forEachObject(pod.volumes, (volume, i) => {
      const csi = volume.csi;
      if (!isJsonObject(csi) || typeof csi.driver !== 'string' || csi.driver === '') return;
      // Upstream folds the name to lowercase first, so only the characters and their layout count.
      const problem = formats['dns-subdomain'](csi.driver.toLowerCase());
      if (problem)
        context.report({
          path: [...POD_SPEC, 'volumes', i, 'csi', 'driver'],
          messageId: 'csiDriverName',
          data: { driver: csi.driver, problem },
        });
    });
  },
});

/**
 * Every field of a volume other than its name is one of the volume types (the schema lists
 * them). A schema is not changed once loaded, so the list is made once per schema, not per pod.
 */
function volumeTypes(schema: SchemaNode): readonly string[] {
  let types = typesBySchema.get(schema);
  if (!types) {
    const volumeNode = schemaAt(schema, [...POD_SPEC, 'volumes', 0]);
    types = Object.keys(volumeNode?.properties ?? {}).filter((field) => field !== 'name');
    typesBySchema.set(schema, types);
  }
  return types;
}

const typesBySchema = new WeakMap<SchemaNode, readonly string[]>();
