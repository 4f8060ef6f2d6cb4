import { defineRule, isJsonObject } from '@platlint/core';
import type { FieldPath, RuleContext } from '@platlint/core';
import { readsAllowedField, reportFieldRefDetails } from './downward-field.js';
import { descendingPathProblem } from './mount-paths.js';
import { DOCS_DEPLOYMENT_HEAD, objectsIn, POD_SPEC, podSpec } from './pod.js';
import type { Obj } from './pod.js';

/** Pod fields a downwardAPI file can hold (whole label and annotation maps too, unlike env). */
const FILE_FIELDS = new Set(['metadata.name', 'metadata.namespace', 'metadata.uid', 'metadata.labels', 'metadata.annotations']);

/** Projections a projected source can hold on any server, whatever its feature gates. */
const PROJECTIONS: ReadonlySet<string> = new Set(['secret', 'configMap', 'downwardAPI', 'serviceAccountToken']);

/** A file path inside a volume: relative, no '..' element and not starting with '..'. */
function filePathProblem(path: string): string | undefined {
  return descendingPathProblem(path) ?? (path.startsWith('..') ? "must not start with '..'" : undefined);
}

export default defineRule({
  meta: {
    id: 'deployment/volume-paths',
    description: 'Paths of the pod template\'s volumes stay where they belong, and downwardAPI files read fields a volume can hold.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream pod validation (volume sources)',
    docs: [
      'In `spec.template.spec.volumes`, the server refuses:',
      '',
      '- a `hostPath.path` with a `..` element, and an `nfs.path` that is not absolute;',
      '- a `gitRepo.directory` that is absolute or has a `..` element;',
      '- an `items[].path` of a configMap, secret or downwardAPI volume (or of a projected source),',
      "  or a projected token's `path`, that is absolute, has a `..` element or starts with `..`:",
      '  files stay inside the volume;',
      '- a projected `sources` entry with more than one of `secret`, `configMap`, `downwardAPI` and',
      '  `serviceAccountToken`;',
      '- a downwardAPI file with none or both of `fieldRef` and `resourceFieldRef`, a `fieldRef`',
      '  other than `metadata.name`, `metadata.namespace`, `metadata.uid`, `metadata.labels`,',
      '  `metadata.annotations` (or one label or annotation), and a `resourceFieldRef` without',
      '  `containerName`;',
      '- a `fieldRef.apiVersion` other than `v1`, and a label or annotation key in `fieldPath` that',
      '  is not a qualified name.',
      '',
      'Fails:',
      '',
      '```yaml',
      ...DOCS_DEPLOYMENT_HEAD,
      '      - {name: web, image: nginx:1.27}',
      '      volumes:',
      '      - name: config',
      '        configMap: {name: web, items: [{key: nginx.conf, path: /etc/nginx.conf}]}',
      '```',
      '',
      'Passes:',
      '',
      '```yaml',
      ...DOCS_DEPLOYMENT_HEAD,
      '      - {name: web, image: nginx:1.27}',
      '      volumes:',
      '      - name: config',
      '        configMap: {name: web, items: [{key: nginx.conf, path: nginx.conf}]}',
      '```',
    ].join('\n'),
  },
  check(context) {
    for (const [volume, i] of objectsIn(podSpec(context.value)?.volumes)) {
      const at = [...POD_SPEC, 'volumes', i];
      const { hostPath, nfs, gitRepo, configMap, secret, downwardAPI, projected } = volume;
      if (isJsonObject(hostPath) && typeof hostPath.path === 'string' && hostPath.path.split('/').includes('..')) {
        context.report({ path: [...at, 'hostPath', 'path'], message: `hostPath "${hostPath.path}" must not contain '..'` });
      }
      if (isJsonObject(nfs) && typeof nfs.path === 'string' && nfs.path !== '' && !nfs.path.startsWith('/')) {
        context.report({ path: [...at, 'nfs', 'path'], message: `nfs path "${nfs.path}" must be an absolute path` });
      }
      // validateGitRepoVolumeSource: the checkout directory stays inside the volume.
      if (isJsonObject(gitRepo) && typeof gitRepo.directory === 'string') {
        const problem = descendingPathProblem(gitRepo.directory);
        if (problem) context.report({ path: [...at, 'gitRepo', 'directory'], message: `gitRepo directory "${gitRepo.directory}" ${problem}` });
      }
      if (isJsonObject(configMap)) checkItems(context, configMap, [...at, 'configMap']);
      if (isJsonObject(secret)) checkItems(context, secret, [...at, 'secret']);
      if (isJsonObject(downwardAPI)) checkDownward(context, downwardAPI, [...at, 'downwardAPI']);
      if (isJsonObject(projected)) {
        for (const [source, j] of objectsIn(projected.sources)) {
          const sourceAt = [...at, 'projected', 'sources', j];
          // Only the projections every server keeps count: unknown keys are dropped (or refused as
          // unknown fields, a schema finding), and the feature-gated clusterTrustBundle and
          // podCertificate are dropped where their gate is off.
          const kinds = Object.keys(source).filter((kind) => PROJECTIONS.has(kind) && source[kind] !== undefined && source[kind] !== null);
          if (kinds.length > 1) context.report({ path: sourceAt, message: `a projected source holds one projection, not ${kinds.join(' and ')}; give each its own entry in sources` });
          if (isJsonObject(source.serviceAccountToken)) checkPath(context, source.serviceAccountToken, [...sourceAt, 'serviceAccountToken']);
          for (const kind of ['configMap', 'secret'] as const) if (isJsonObject(source[kind])) checkItems(context, source[kind], [...sourceAt, kind]);
          if (isJsonObject(source.downwardAPI)) checkDownward(context, source.downwardAPI, [...sourceAt, 'downwardAPI']);
        }
      }
    }
  },
});

function checkPath(context: RuleContext, item: Obj, at: FieldPath): void {
  const problem = typeof item.path === 'string' && item.path !== '' ? filePathProblem(item.path) : undefined;
  if (problem) context.report({ path: [...at, 'path'], message: `path "${String(item.path)}" ${problem}` });
}

function checkItems(context: RuleContext, source: Obj, at: FieldPath): void {
  for (const [item, k] of objectsIn(source.items)) checkPath(context, item, [...at, 'items', k]);
}

function checkDownward(context: RuleContext, source: Obj, at: FieldPath): void {
  for (const [item, k] of objectsIn(source.items)) {
    const itemAt = [...at, 'items', k];
    checkPath(context, item, itemAt);
    const { fieldRef, resourceFieldRef } = item;
    const hasField = fieldRef !== undefined && fieldRef !== null;
    const hasResource = resourceFieldRef !== undefined && resourceFieldRef !== null;
    if (hasField === hasResource) {
      context.report({ path: itemAt, message: hasField ? 'a downwardAPI file sets both fieldRef and resourceFieldRef; keep one' : 'a downwardAPI file needs fieldRef or resourceFieldRef' });
      continue;
    }
    if (isJsonObject(fieldRef) && typeof fieldRef.fieldPath === 'string') {
      if (!readsAllowedField(fieldRef.fieldPath, FILE_FIELDS)) {
        context.report({ path: [...itemAt, 'fieldRef', 'fieldPath'], message: `fieldPath "${fieldRef.fieldPath}" cannot be written to a downwardAPI file; use metadata.name, metadata.namespace, metadata.uid, metadata.labels or metadata.annotations` });
      } else reportFieldRefDetails(context, fieldRef, [...itemAt, 'fieldRef']);
    }
    if (isJsonObject(resourceFieldRef) && (typeof resourceFieldRef.containerName !== 'string' || resourceFieldRef.containerName === '')) {
      context.report({ path: [...itemAt, 'resourceFieldRef', 'containerName'], target: resourceFieldRef.containerName === undefined ? 'key' : 'value', message: 'a downwardAPI file that reads a resource must name the container in containerName' });
    }
  }
}
