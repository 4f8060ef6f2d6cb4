import { defineRule, gateEnabled, isJsonObject } from '@platlint/core';
import type { FieldPath, RuleContext } from '@platlint/core';
import { formats } from '../kit/names.js';
import { parseQuantity } from '../kit/quantities.js';
import { forEachObject, type Obj } from '../kit/objects.js';
import { POD_SPEC, podSpec } from '../kit/paths.js';
import docs from './volume-sources.md';

/**
 * iSCSI names: an IQN (iqn.YYYY-MM.reversed.domain:name), an EUI-64 or an NAA identifier
 * (upstream validation.go, iscsiInitiatorIqnRegex and friends, restated).
 */
const ISCSI_FORMATS: readonly (readonly [prefix: string, shape: RegExp])[] = [
  ['iqn', /iqn\.\d{4}-\d{2}\.[A-Za-z0-9.-]+:[^,;*&$|\s]+$/],
  ['eui', /^eui.[A-Za-z0-9]{16}$/],
  ['naa', /^naa.[A-Za-z0-9]{32}$/],
];

/** What is wrong with an iSCSI qualified name (target IQN or initiator name). */
function iscsiNameProblem(name: string): string | undefined {
  const format = ISCSI_FORMATS.find(([prefix]) => name.startsWith(prefix));
  if (!format) return 'must start with iqn, eui or naa';
  return format[1].test(name)
    ? undefined
    : `is not a valid ${format[0]} name (such as iqn.2001-04.com.example:storage or eui.02004567A425678D)`;
}

const ACCESS_MODES = new Set(['ReadWriteOnce', 'ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOncePod']);
/** The only metadata a claim template may carry; the claim gets its name from the pod. */
const TEMPLATE_METADATA = new Set(['labels', 'annotations']);

export default defineRule({
  meta: {
    id: 'deployment/volume-sources',
    description: 'iSCSI, RBD and ephemeral volume sources of the pod template hold what the server requires of them.',
    kinds: ['Deployment.apps'],
    severity: 'error',
    enforcedBy: 'server',
    source: 'upstream pod validation (validateISCSIVolumeSource, validateRBDVolumeSource, validateEphemeralVolumeSource)',
    docs,
    messages: {
      rbdNeedsMonitors: 'an rbd volume needs at least one Ceph monitor in monitors',
      rbdNeedsImage: 'an rbd volume needs the name of its RADOS image in image',
      iscsiNeeds: 'an iscsi volume needs {{field}}',
      badIqn: 'iqn "{{iqn}}" {{problem}}',
      lunOutOfRange: 'lun {{lun}} is outside 0 to 255',
      chapNeedsSecret: 'CHAP authentication needs the secret that holds its credentials; set secretRef',
      badInitiatorName: 'initiatorName "{{initiatorName}}" {{problem}}',
      ifaceTooLong: `with initiatorName set, the volume name and targetPortal joined by ':' ("{{iface}}") must be at most 64 characters; shorten the volume name`,
      claimTemplateMetadata: '{{field}} cannot be set in a volume claim template; only labels and annotations are used',
      badMetadataKey: '{{map}} key "{{key}}" {{keyProblem}}',
      badLabelValue: 'label value "{{value}}" {{valueProblem}}',
      noAccessModes: 'a volume claim template needs at least one access mode, such as ReadWriteOnce',
      readWriteOncePodNotAlone: 'ReadWriteOncePod cannot be combined with other access modes; keep it alone',
      noStorageRequest: 'a volume claim template must request storage, such as resources.requests.storage: 1Gi',
      storageNotPositive: 'storage request {{value}} must be greater than zero',
      badClaimField: '{{field}} "{{value}}" {{problem}}',
      dataSourceNeeds: '{{field}} needs the {{part}} of the object to copy from',
      dataSourceWithoutGroup:
        '{{field}} kind {{kind}} has no apiGroup; only PersistentVolumeClaim is in the core group, so set apiGroup',
      badApiGroup: 'apiGroup "{{group}}" {{groupProblem}}',
      badDataSourceNamespace: 'namespace "{{namespace}}" {{problem}}',
      dataSourceWithNamespacedRef: 'dataSource cannot be set when dataSourceRef names a namespace; keep dataSourceRef',
      dataSourcesDiffer: 'dataSource and dataSourceRef name different objects; keep one, or make them the same',
    },
  },
  check(context) {
    forEachObject(podSpec(context.value)?.volumes, (volume, i) => {
      if (isJsonObject(volume.iscsi)) checkIscsi(context, volume, volume.iscsi, [...POD_SPEC, 'volumes', i]);
      if (isJsonObject(volume.rbd) && Array.isArray(volume.rbd.monitors) && volume.rbd.monitors.length === 0) {
        context.report({ path: [...POD_SPEC, 'volumes', i, 'rbd', 'monitors'], messageId: 'rbdNeedsMonitors' });
      }
      // validateRBDVolumeSource: the image is required (its absence is a schema finding).
      if (isJsonObject(volume.rbd) && volume.rbd.image === '')
        context.report({ path: [...POD_SPEC, 'volumes', i, 'rbd', 'image'], messageId: 'rbdNeedsImage' });
      if (isJsonObject(volume.ephemeral) && isJsonObject(volume.ephemeral.volumeClaimTemplate)) {
        checkClaimTemplate(context, volume.ephemeral.volumeClaimTemplate, [
          ...POD_SPEC,
          'volumes',
          i,
          'ephemeral',
          'volumeClaimTemplate',
        ]);
      }
    });
  },
});

function checkIscsi(context: RuleContext, volume: Obj, iscsi: Obj, at: FieldPath): void {
  const where = [...at, 'iscsi'];
  // validateISCSIVolumeSource: both are required (their absence is a schema finding).
  for (const field of ['targetPortal', 'iqn'] as const) {
    if (iscsi[field] === '')
      context.report({
        path: [...where, field],
        messageId: 'iscsiNeeds',
        data: { field: field === 'iqn' ? "the target's qualified name in iqn" : "the target's address in targetPortal" },
      });
  }
  if (typeof iscsi.iqn === 'string' && iscsi.iqn !== '') {
    const problem = iscsiNameProblem(iscsi.iqn);
    if (problem) context.report({ path: [...where, 'iqn'], messageId: 'badIqn', data: { iqn: iscsi.iqn, problem } });
  }
  if (typeof iscsi.lun === 'number' && (iscsi.lun < 0 || iscsi.lun > 255)) {
    context.report({ path: [...where, 'lun'], messageId: 'lunOutOfRange', data: { lun: iscsi.lun } });
  }
  const chap = iscsi.chapAuthDiscovery === true || iscsi.chapAuthSession === true;
  if (chap && (iscsi.secretRef === undefined || iscsi.secretRef === null)) {
    context.report({ path: [...where, 'secretRef'], target: 'key', messageId: 'chapNeedsSecret' });
  }
  if (typeof iscsi.initiatorName !== 'string') return;
  const problem = iscsiNameProblem(iscsi.initiatorName);
  if (problem)
    context.report({
      path: [...where, 'initiatorName'],
      messageId: 'badInitiatorName',
      data: { initiatorName: iscsi.initiatorName, problem },
    });
  // The node names its iSCSI interface "<volume name>:<target portal>", which has 64 characters at most.
  const iface = `${typeof volume.name === 'string' ? volume.name : ''}:${typeof iscsi.targetPortal === 'string' ? iscsi.targetPortal : ''}`;
  if (iface.length > 64) {
    context.report({ path: [...at, 'name'], messageId: 'ifaceTooLong', data: { iface } });
  }
}

/** ValidatePersistentVolumeClaimTemplate: template metadata and the claim spec. */
function checkClaimTemplate(context: RuleContext, template: Obj, at: FieldPath): void {
  if (isJsonObject(template.metadata)) {
    const metadata = template.metadata;
    for (const field of Object.keys(metadata)) {
      if (!TEMPLATE_METADATA.has(field))
        context.report({ path: [...at, 'metadata', field], target: 'key', messageId: 'claimTemplateMetadata', data: { field } });
    }
    for (const map of ['labels', 'annotations'] as const) {
      if (!isJsonObject(metadata[map])) continue;
      for (const [key, value] of Object.entries(metadata[map])) {
        const keyProblem = formats['label-key'](key);
        const valueProblem = map === 'labels' && typeof value === 'string' ? formats['label-value'](value) : undefined;
        if (keyProblem)
          context.report({
            path: [...at, 'metadata', map, key],
            target: 'key',
            messageId: 'badMetadataKey',
            data: { map: map === 'labels' ? 'label' : 'annotation', key, keyProblem },
          });
        else if (valueProblem)
          context.report({
            path: [...at, 'metadata', map, key],
            messageId: 'badLabelValue',
            data: { value: String(value), valueProblem },
          });
      }
    }
  }
  const spec = isJsonObject(template.spec) ? template.spec : {};
  const specAt = [...at, 'spec'];
  const modes = Array.isArray(spec.accessModes) ? spec.accessModes : [];
  if (modes.length === 0)
    context.report({
      path: [...specAt, 'accessModes'],
      target: spec.accessModes === undefined ? 'key' : 'value',
      messageId: 'noAccessModes',
    });
  if (
    modes.includes('ReadWriteOncePod') &&
    modes.some((mode) => mode !== 'ReadWriteOncePod' && ACCESS_MODES.has(mode as string))
  ) {
    context.report({ path: [...specAt, 'accessModes'], messageId: 'readWriteOncePodNotAlone' });
  }
  checkClaimSources(context, spec, specAt);
  const resources = isJsonObject(spec.resources) ? spec.resources : {};
  const requests = isJsonObject(resources.requests) ? resources.requests : {};
  const storage = requests.storage;
  if (storage === undefined || storage === null) {
    context.report({ path: [...specAt, 'resources', 'requests', 'storage'], target: 'key', messageId: 'noStorageRequest' });
    return;
  }
  const quantity = parseQuantity(storage);
  if (quantity && quantity.num <= 0n)
    context.report({
      path: [...specAt, 'resources', 'requests', 'storage'],
      messageId: 'storageNotPositive',
      data: { value: String(storage) },
    });
}

/**
 * The rest of ValidatePersistentVolumeClaimSpec (pkg/apis/core/validation/validation.go at
 * 000f26050b9be6fb3d79fae95e06b47fc96128cd): class names, and validateDataSource and
 * validateDataSourceRef. Unknown access and volume modes are schema/enum findings.
 */
function checkClaimSources(context: RuleContext, spec: Obj, specAt: FieldPath): void {
  const classes = [
    'storageClassName',
    ...(gateEnabled(context.settings.featureGates, 'VolumeAttributesClass', context.settings.release)
      ? ['volumeAttributesClassName']
      : []),
  ];
  for (const field of classes) {
    const name = spec[field];
    const problem = typeof name === 'string' && name !== '' ? formats['dns-subdomain'](name) : undefined;
    if (problem)
      context.report({ path: [...specAt, field], messageId: 'badClaimField', data: { field, value: String(name), problem } });
  }
  for (const field of ['dataSource', 'dataSourceRef'] as const) {
    const source = spec[field];
    if (!isJsonObject(source)) continue;
    const at = [...specAt, field];
    for (const part of ['kind', 'name'] as const) {
      if (source[part] === '') context.report({ path: [...at, part], messageId: 'dataSourceNeeds', data: { field, part } });
    }
    const group = typeof source.apiGroup === 'string' ? source.apiGroup : '';
    if (group === '' && typeof source.kind === 'string' && source.kind !== '' && source.kind !== 'PersistentVolumeClaim') {
      context.report({ path: [...at, 'kind'], messageId: 'dataSourceWithoutGroup', data: { field, kind: source.kind } });
    }
    const groupProblem = group !== '' ? formats['dns-subdomain'](group) : undefined;
    if (groupProblem) context.report({ path: [...at, 'apiGroup'], messageId: 'badApiGroup', data: { group, groupProblem } });
  }
  const ref = isJsonObject(spec.dataSourceRef) ? spec.dataSourceRef : undefined;
  const source = isJsonObject(spec.dataSource) ? spec.dataSource : undefined;
  const namespace = ref && typeof ref.namespace === 'string' && ref.namespace !== '' ? ref.namespace : undefined;
  if (namespace !== undefined) {
    // A namespace needs CrossNamespaceVolumeDataSource (alpha, off by default); where it is off,
    // what the server makes of the reference is not checked here.
    if (!gateEnabled(context.settings.featureGates, 'CrossNamespaceVolumeDataSource', context.settings.release)) return;
    const problem = formats['dns-label'](namespace);
    if (problem)
      context.report({
        path: [...specAt, 'dataSourceRef', 'namespace'],
        messageId: 'badDataSourceNamespace',
        data: { namespace, problem },
      });
    if (source) context.report({ path: [...specAt, 'dataSource'], target: 'key', messageId: 'dataSourceWithNamespacedRef' });
  } else if (source && ref && !sameReference(source, ref)) {
    context.report({ path: [...specAt, 'dataSource'], target: 'key', messageId: 'dataSourcesDiffer' });
  }
}

/** isDataSourceEqualDataSourceRef: the same group (both unset, or equal), kind and name. */
function sameReference(a: Obj, b: Obj): boolean {
  const group = (ref: Obj): unknown => ref.apiGroup ?? null;
  return group(a) === group(b) && a.kind === b.kind && a.name === b.name;
}
