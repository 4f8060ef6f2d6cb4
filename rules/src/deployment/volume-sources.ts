import { defineRule, formats, isJsonObject, parseQuantity } from '@platlint/core';
import type { FieldPath, RuleContext } from '@platlint/core';
import { DOCS_DEPLOYMENT_HEAD, objectsIn, POD_SPEC, podSpec } from './pod.js';
import type { Obj } from './pod.js';

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
  return format[1].test(name) ? undefined : `is not a valid ${format[0]} name (such as iqn.2001-04.com.example:storage or eui.02004567A425678D)`;
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
    docs: [
      'In `spec.template.spec.volumes`, the server refuses:',
      '',
      '- an `iscsi` volume whose `iqn` or `initiatorName` is not an IQN (`iqn.2001-04.com.example:disk`),',
      '  an EUI (`eui.` and 16 letters or digits) or an NAA name (`naa.` and 32); a `lun` outside 0 to',
      '  255; CHAP authentication (`chapAuthDiscovery`, `chapAuthSession`) without `secretRef`; and,',
      '  when `initiatorName` is set, a volume name and `targetPortal` that together with a `:` are',
      '  longer than 64 characters;',
      '- an `rbd` volume with no `monitors`;',
      '- an `ephemeral` volume whose `volumeClaimTemplate` sets metadata other than labels and',
      '  annotations (or invalid ones), has no `accessModes`, mixes `ReadWriteOncePod` with another',
      '  mode, or has no positive `resources.requests.storage`.',
      '',
      'Fails:',
      '',
      '```yaml',
      ...DOCS_DEPLOYMENT_HEAD,
      '      - {name: web, image: nginx:1.27}',
      '      volumes:',
      '      - name: scratch',
      '        ephemeral:',
      '          volumeClaimTemplate:',
      '            spec: {accessModes: [ReadWriteOnce]}',
      '```',
      '',
      'Passes:',
      '',
      '```yaml',
      ...DOCS_DEPLOYMENT_HEAD,
      '      - {name: web, image: nginx:1.27}',
      '      volumes:',
      '      - name: scratch',
      '        ephemeral:',
      '          volumeClaimTemplate:',
      '            spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}',
      '```',
    ].join('\n'),
  },
  check(context) {
    for (const [volume, i] of objectsIn(podSpec(context.value)?.volumes)) {
      const at = [...POD_SPEC, 'volumes', i];
      if (isJsonObject(volume.iscsi)) checkIscsi(context, volume, volume.iscsi, at);
      if (isJsonObject(volume.rbd) && Array.isArray(volume.rbd.monitors) && volume.rbd.monitors.length === 0) {
        context.report({ path: [...at, 'rbd', 'monitors'], message: 'an rbd volume needs at least one Ceph monitor in monitors' });
      }
      if (isJsonObject(volume.ephemeral) && isJsonObject(volume.ephemeral.volumeClaimTemplate)) {
        checkClaimTemplate(context, volume.ephemeral.volumeClaimTemplate, [...at, 'ephemeral', 'volumeClaimTemplate']);
      }
    }
  },
});

function checkIscsi(context: RuleContext, volume: Obj, iscsi: Obj, at: FieldPath): void {
  const where = [...at, 'iscsi'];
  if (typeof iscsi.iqn === 'string' && iscsi.iqn !== '') {
    const problem = iscsiNameProblem(iscsi.iqn);
    if (problem) context.report({ path: [...where, 'iqn'], message: `iqn "${iscsi.iqn}" ${problem}` });
  }
  if (typeof iscsi.lun === 'number' && (iscsi.lun < 0 || iscsi.lun > 255)) {
    context.report({ path: [...where, 'lun'], message: `lun ${iscsi.lun} is outside 0 to 255` });
  }
  const chap = iscsi.chapAuthDiscovery === true || iscsi.chapAuthSession === true;
  if (chap && (iscsi.secretRef === undefined || iscsi.secretRef === null)) {
    context.report({ path: [...where, 'secretRef'], target: 'key', message: 'CHAP authentication needs the secret that holds its credentials; set secretRef' });
  }
  if (typeof iscsi.initiatorName !== 'string') return;
  const problem = iscsiNameProblem(iscsi.initiatorName);
  if (problem) context.report({ path: [...where, 'initiatorName'], message: `initiatorName "${iscsi.initiatorName}" ${problem}` });
  // The node names its iSCSI interface "<volume name>:<target portal>", which has 64 characters at most.
  const iface = `${typeof volume.name === 'string' ? volume.name : ''}:${typeof iscsi.targetPortal === 'string' ? iscsi.targetPortal : ''}`;
  if (iface.length > 64) {
    context.report({ path: [...at, 'name'], message: `with initiatorName set, the volume name and targetPortal joined by ':' ("${iface}") must be at most 64 characters; shorten the volume name` });
  }
}

/** ValidatePersistentVolumeClaimTemplate: template metadata and the claim spec. */
function checkClaimTemplate(context: RuleContext, template: Obj, at: FieldPath): void {
  if (isJsonObject(template.metadata)) {
    const metadata = template.metadata;
    for (const field of Object.keys(metadata)) {
      if (!TEMPLATE_METADATA.has(field)) context.report({ path: [...at, 'metadata', field], target: 'key', message: `${field} cannot be set in a volume claim template; only labels and annotations are used` });
    }
    for (const map of ['labels', 'annotations'] as const) {
      if (!isJsonObject(metadata[map])) continue;
      for (const [key, value] of Object.entries(metadata[map])) {
        const keyProblem = formats['label-key'](key);
        const valueProblem = map === 'labels' && typeof value === 'string' ? formats['label-value'](value) : undefined;
        if (keyProblem) context.report({ path: [...at, 'metadata', map, key], target: 'key', message: `${map === 'labels' ? 'label' : 'annotation'} key "${key}" ${keyProblem}` });
        else if (valueProblem) context.report({ path: [...at, 'metadata', map, key], message: `label value "${String(value)}" ${valueProblem}` });
      }
    }
  }
  const spec = isJsonObject(template.spec) ? template.spec : {};
  const specAt = [...at, 'spec'];
  const modes = Array.isArray(spec.accessModes) ? spec.accessModes : [];
  if (modes.length === 0) context.report({ path: [...specAt, 'accessModes'], target: spec.accessModes === undefined ? 'key' : 'value', message: 'a volume claim template needs at least one access mode, such as ReadWriteOnce' });
  if (modes.includes('ReadWriteOncePod') && modes.some((mode) => mode !== 'ReadWriteOncePod' && ACCESS_MODES.has(mode as string))) {
    context.report({ path: [...specAt, 'accessModes'], message: 'ReadWriteOncePod cannot be combined with other access modes; keep it alone' });
  }
  const resources = isJsonObject(spec.resources) ? spec.resources : {};
  const requests = isJsonObject(resources.requests) ? resources.requests : {};
  const storage = requests.storage;
  if (storage === undefined || storage === null) {
    context.report({ path: [...specAt, 'resources', 'requests', 'storage'], target: 'key', message: 'a volume claim template must request storage, such as resources.requests.storage: 1Gi' });
    return;
  }
  const quantity = parseQuantity(storage);
  if (quantity && quantity.num <= 0n) context.report({ path: [...specAt, 'resources', 'requests', 'storage'], message: `storage request ${String(storage)} must be greater than zero` });
}
