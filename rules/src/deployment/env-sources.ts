import { defineRule, gateEnabled, isJsonObject } from '@platlint/core';
import type { FieldPath, RuleContext } from '@platlint/core';
import { FIELD_REF_MESSAGES, fieldRefFinding, readsAllowedField } from './downward-field.js';
import { envNameProblem } from './env-names.js';
import { formats, hasBacksteps } from '../kit/names.js';
import { containersOf, podSpec } from '../kit/paths.js';
import { countSet, forEachObject, type Obj, setFields } from '../kit/objects.js';
import docs from './env-sources.md';

const VALUE_SOURCES = ['fieldRef', 'resourceFieldRef', 'configMapKeyRef', 'secretKeyRef', 'fileKeyRef'] as const;
const ENV_FROM_SOURCES = ['configMapRef', 'secretRef'] as const;
const KEY_REFS = ['configMapKeyRef', 'secretKeyRef'] as const;

/** Pod fields an environment variable can read through fieldRef (labels and annotations by key). */
const ENV_FIELDS = new Set([
  'metadata.name',
  'metadata.namespace',
  'metadata.uid',
  'spec.nodeName',
  'spec.serviceAccountName',
  'status.hostIP',
  'status.hostIPs',
  'status.podIP',
  'status.podIPs',
]);

/** Container resources resourceFieldRef can read; huge pages of any size too. */
const RESOURCE_FIELDS = new Set([
  'limits.cpu',
  'limits.memory',
  'limits.ephemeral-storage',
  'requests.cpu',
  'requests.memory',
  'requests.ephemeral-storage',
]);
const HUGEPAGES_FIELD = /^(limits|requests)\.hugepages-/;

/** A ConfigMap or Secret key: letters, digits, '-', '_' and '.', at most 253, not "." or "..". */
function keyProblem(key: string): string | undefined {
  if (key.length > 253) return 'is longer than 253 characters';
  if (!/^[-._a-zA-Z0-9]+$/.test(key)) return "may only hold letters, digits, '-', '_' and '.'";
  if (key === '.' || key === '..' || key.startsWith('..')) return "must not be '.' or '..' or start with '..'";
  return undefined;
}

export default defineRule({
  meta: {
    id: 'deployment/env-sources',
    description: 'valueFrom and envFrom entries name exactly one source, and the fields, resources and keys they read exist.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream pod validation (env valueFrom, envFrom)',
    docs,
    messages: {
      ...FIELD_REF_MESSAGES,
      envFromNoSource: 'envFrom entry names no source; set configMapRef or secretRef',
      envFromBothSources: 'envFrom entry sets both configMapRef and secretRef; use one entry for each',
      valueFromNoSource: 'valueFrom names no source; set one of {{sources}}',
      valueFromSeveralSources: 'valueFrom sets {{sources}}; a variable reads one source, so keep one',
      fieldPathNotReadable: `fieldPath "{{field}}" cannot be read into an environment variable; use a field such as metadata.name, status.podIP or metadata.labels['key']`,
      resourceNotReadable:
        'resource "{{resource}}" cannot be read; use limits.* or requests.* of cpu, memory, ephemeral-storage or hugepages-<size>',
      badSelectorKey: 'key "{{key}}" {{problem}}',
      badFileKey: 'key {{key}} {{problem}}; it names the variable read from the file',
      badVolumeName: 'volumeName "{{volumeName}}" {{problem}}',
      unknownVolume: `no volume named "{{volumeName}}" in the pod; fileKeyRef reads from one of the pod's emptyDir volumes`,
      notEmptyDir: 'volume "{{volumeName}}" is not an emptyDir; fileKeyRef reads only from emptyDir volumes',
      pathDotDot: `path "{{path}}" must not contain '..'`,
    },
  },
  check(context) {
    // With EnvFiles off the server drops fileKeyRef before validating it (feature-gate/gated-field says so).
    const envFiles = gateEnabled(context.settings.featureGates, 'EnvFiles', context.settings.release);
    // Indexed at the first fileKeyRef, which few pods have: not for every workload of a run.
    let volumes: Map<string, Obj> | undefined;
    for (const { container, path } of containersOf(context.value)) {
      forEachObject(container.env, (variable, i) => {
        const valueFrom = variable.valueFrom;
        if (!isJsonObject(valueFrom)) return;
        checkValueFrom(context, valueFrom, path, i);
        if (envFiles && isJsonObject(valueFrom.fileKeyRef))
          checkFileKeyRef(
            context,
            valueFrom.fileKeyRef,
            [...path, 'env', i, 'valueFrom', 'fileKeyRef'],
            (volumes ??= volumesByName(podSpec(context.value))),
          );
      });
      forEachObject(container.envFrom, (entry, i) => {
        const count = countSet(entry, ENV_FROM_SOURCES);
        if (count !== 1)
          context.report({ path: [...path, 'envFrom', i], messageId: count === 0 ? 'envFromNoSource' : 'envFromBothSources' });
      });
    }
  },
});

/** Checks `env[i].valueFrom` of the container at `container`: its paths are made only for a finding. */
function checkValueFrom(context: RuleContext, valueFrom: Obj, container: FieldPath, i: number): void {
  const count = countSet(valueFrom, VALUE_SOURCES);
  if (count !== 1) {
    context.report({
      path: [...container, 'env', i, 'valueFrom'],
      ...(count === 0
        ? { messageId: 'valueFromNoSource', data: { sources: VALUE_SOURCES.slice(0, 4).join(', ') } }
        : { messageId: 'valueFromSeveralSources', data: { sources: setFields(valueFrom, VALUE_SOURCES).join(' and ') } }),
    });
    return;
  }
  const { fieldRef, resourceFieldRef } = valueFrom;
  if (isJsonObject(fieldRef) && typeof fieldRef.fieldPath === 'string') {
    const field = fieldRef.fieldPath;
    if (!readsAllowedField(field, ENV_FIELDS)) {
      context.report({
        path: [...container, 'env', i, 'valueFrom', 'fieldRef', 'fieldPath'],
        messageId: 'fieldPathNotReadable',
        data: { field },
      });
    } else {
      const finding = fieldRefFinding(fieldRef);
      if (finding)
        context.report({
          path: [...container, 'env', i, 'valueFrom', 'fieldRef', ...finding.below],
          messageId: finding.messageId,
          data: finding.data,
        });
    }
  }
  if (isJsonObject(resourceFieldRef) && typeof resourceFieldRef.resource === 'string') {
    const resource = resourceFieldRef.resource;
    if (!RESOURCE_FIELDS.has(resource) && !HUGEPAGES_FIELD.test(resource)) {
      context.report({
        path: [...container, 'env', i, 'valueFrom', 'resourceFieldRef', 'resource'],
        messageId: 'resourceNotReadable',
        data: { resource },
      });
    }
  }
  for (const ref of KEY_REFS) {
    const selector = valueFrom[ref];
    if (!isJsonObject(selector) || typeof selector.key !== 'string' || selector.key === '') continue;
    const problem = keyProblem(selector.key);
    if (problem)
      context.report({
        path: [...container, 'env', i, 'valueFrom', ref, 'key'],
        messageId: 'badSelectorKey',
        data: { key: selector.key, problem },
      });
  }
}

/** The pod's volumes by name (the first of a repeated name: the repeat is deployment/volume-names'). */
function volumesByName(pod: Obj | undefined): Map<string, Obj> {
  const out = new Map<string, Obj>();
  forEachObject(pod?.volumes, (volume) => {
    if (typeof volume.name === 'string' && !out.has(volume.name)) out.set(volume.name, volume);
  });
  return out;
}

/**
 * validateFileKeySelector and validateFileKeyRefVolumes (kubernetes/kubernetes
 * pkg/apis/core/validation/validation.go at 64149d1201ab96736d5aa902df411d40a3f6f714): the variable
 * is read from a file of an emptyDir volume of the pod. Missing fields are schema findings.
 */
function checkFileKeyRef(context: RuleContext, selector: Obj, at: FieldPath, volumes: Map<string, Obj>): void {
  const { key, volumeName, path } = selector;
  if (typeof key === 'string' && key !== '') {
    const problem = envNameProblem(key);
    if (problem) context.report({ path: [...at, 'key'], messageId: 'badFileKey', data: { key: JSON.stringify(key), problem } });
  }
  if (typeof volumeName === 'string' && volumeName !== '') {
    const problem = formats['dns-label'](volumeName);
    const volume = volumes.get(volumeName);
    if (problem) context.report({ path: [...at, 'volumeName'], messageId: 'badVolumeName', data: { volumeName, problem } });
    else if (!volume) context.report({ path: [...at, 'volumeName'], messageId: 'unknownVolume', data: { volumeName } });
    else if (!isJsonObject(volume.emptyDir))
      context.report({ path: [...at, 'volumeName'], messageId: 'notEmptyDir', data: { volumeName } });
  }
  if (typeof path === 'string' && hasBacksteps(path)) {
    context.report({ path: [...at, 'path'], messageId: 'pathDotDot', data: { path } });
  }
}
