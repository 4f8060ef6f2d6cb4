import { describe, expect, it } from 'vitest';
import { parityErrors } from '../parity/fixtures.js';
import type { ParityCase } from '../parity/fixtures.js';

/**
 * DeviceTaintRule cases restated from the upstream validation tests (TestValidateDeviceTaint,
 * TestValidateDeviceTaintUpdate and the device-taint checks they share with ResourceSlice):
 * what the API server accepts draws no error, what it refuses draws exactly the errors listed.
 */
const rule = (spec: string, meta = 'name: foo'): string =>
  `apiVersion: resource.plat.io/v1\nkind: DeviceTaintRule\nmetadata: {${meta}}\nspec:\n${spec}\n`;
const selector = '  deviceSelector: {driver: test.example.com, pool: foo, device: foo}';
const taint = '  taint: {key: example.com/taint, value: tainted, effect: NoSchedule}';
const valid = rule(`${selector}\n${taint}`);

const cases: Record<string, ParityCase> = {
  good: { upstream: 'ValidateDeviceTaint: good', yaml: valid },
  'no name': {
    upstream: 'ValidateDeviceTaint: missing-name',
    yaml: rule(`${selector}\n${taint}`, 'labels: {a: b}'),
    errors: ['metadata/name-format @ metadata.name'],
  },
  'a bad name': {
    upstream: 'ValidateDeviceTaint: bad-name',
    yaml: rule(`${selector}\n${taint}`, 'name: "!@#$%^"'),
    errors: ['metadata/name-format @ metadata.name'],
  },
  generateName: {
    upstream: 'ValidateDeviceTaint: generate-name',
    yaml: rule(`${selector}\n${taint}`, 'name: foo, generateName: pvc-'),
  },
  'server-set metadata': {
    upstream: 'ValidateDeviceTaint: uid, resource-version, generation, creation-timestamp, deletion-grace-period-seconds',
    yaml: rule(
      `${selector}\n${taint}`,
      'name: foo, uid: ac051fac-2ead-46d9-b8b4-4e0fbeb7455d, resourceVersion: "1", generation: 100, creationTimestamp: "2025-01-01T00:00:00Z", deletionGracePeriodSeconds: 10',
    ),
  },
  'owner references': {
    upstream: 'ValidateDeviceTaint: owner-references',
    yaml: rule(
      `${selector}\n${taint}`,
      'name: foo, ownerReferences: [{apiVersion: v1, kind: pod, name: foo, uid: ac051fac-2ead-46d9-b8b4-4e0fbeb7455d}]',
    ),
  },
  finalizers: {
    upstream: 'ValidateDeviceTaint: finalizers',
    yaml: rule(`${selector}\n${taint}`, 'name: foo, finalizers: [example.com/foo]'),
  },
  'managed fields': {
    upstream: 'ValidateDeviceTaint: managed-fields',
    yaml: rule(
      `${selector}\n${taint}`,
      'name: foo, managedFields: [{fieldsType: FieldsV1, operation: Apply, apiVersion: apps/v1, manager: foo}]',
    ),
  },
  'good labels': {
    upstream: 'ValidateDeviceTaint: good-labels',
    yaml: rule(`${selector}\n${taint}`, 'name: foo, labels: {apps.kubernetes.io/name: test}'),
  },
  'bad labels': {
    upstream: 'ValidateDeviceTaint: bad-labels',
    yaml: rule(`${selector}\n${taint}`, 'name: foo, labels: {hello-world: spaces not allowed}'),
    errors: ['metadata/labels @ metadata.labels.hello-world'],
  },
  'good annotations': {
    upstream: 'ValidateDeviceTaint: good-annotations',
    yaml: rule(`${selector}\n${taint}`, 'name: foo, annotations: {foo: bar}'),
  },
  'bad annotations': {
    upstream: 'ValidateDeviceTaint: bad-annotations',
    yaml: rule(`${selector}\n${taint}`, 'name: foo, annotations: {"!@#$%^": hello world}'),
    errors: ['metadata/annotations @ metadata.annotations["!@#$%^"]'],
  },
  'a bad driver': {
    upstream: 'ValidateDeviceTaint: bad-driver',
    yaml: rule(`  deviceSelector: {driver: "!@#$%^"}\n${taint}`),
    errors: ['schema/format @ spec.deviceSelector.driver'],
  },
  'a driver name over 63 characters': {
    upstream: 'validateDriverName: length limit',
    yaml: rule(`  deviceSelector: {driver: ${'d'.repeat(60)}.example.com}\n${taint}`),
    errors: ['schema/length @ spec.deviceSelector.driver'],
  },
  'a bad pool': {
    upstream: 'ValidateDeviceTaint: bad-pool',
    yaml: rule(`  deviceSelector: {pool: "!@#$%^"}\n${taint}`),
    errors: ['devicetaintrule/pool-name @ spec.deviceSelector.pool'],
  },
  'a pool of several subdomains': {
    upstream: 'validatePoolName: parts separated by /',
    yaml: rule(`  deviceSelector: {pool: node-1.example/gpu/a}\n${taint}`),
  },
  'a pool with an empty part': {
    upstream: 'validatePoolName: empty part',
    yaml: rule(`  deviceSelector: {pool: a//b}\n${taint}`),
    errors: ['devicetaintrule/pool-name @ spec.deviceSelector.pool'],
  },
  'a bad device': {
    upstream: 'ValidateDeviceTaint: bad-device',
    yaml: rule(`  deviceSelector: {device: "!@#$%^"}\n${taint}`),
    errors: ['schema/format @ spec.deviceSelector.device'],
  },
  'an empty selector': { upstream: 'DeviceTaintSelector: every field optional', yaml: rule(`  deviceSelector: {}\n${taint}`) },
  'no selector': { upstream: 'DeviceTaintRuleSpec: deviceSelector optional', yaml: rule(taint) },
  'a plain key with NoExecute': {
    upstream: 'ValidateDeviceTaint: valid-taint',
    yaml: rule(`${selector}\n  taint: {key: foo, value: foo, effect: NoExecute}`),
  },
  'the None effect': {
    upstream: 'validateDeviceTaint: None is a supported effect',
    yaml: rule(`${selector}\n  taint: {key: foo, effect: None}`),
  },
  'no effect': {
    upstream: 'ValidateDeviceTaint: invalid-taint',
    yaml: rule(`${selector}\n  taint: {key: foo, value: foo}`),
    errors: ['schema/required @ spec.taint.effect'],
  },
  PreferNoSchedule: {
    upstream: 'validateDeviceTaint: unsupported effect',
    yaml: rule(`${selector}\n  taint: {key: foo, effect: PreferNoSchedule}`),
    errors: ['devicetaintrule/taint-effect @ spec.taint.effect'],
  },
  'an empty key': {
    upstream: 'validateDeviceTaint: key is a qualified name',
    yaml: rule(`${selector}\n  taint: {key: "", effect: NoSchedule}`),
    errors: ['schema/format @ spec.taint.key'],
  },
  'a bad value': {
    upstream: 'validateDeviceTaint: value is a label value',
    yaml: rule(`${selector}\n  taint: {key: foo, value: "-bad-", effect: NoSchedule}`),
    errors: ['schema/format @ spec.taint.value'],
  },
  'a namespace on a cluster-scoped kind is dropped, not refused': {
    upstream: 'generic create: cluster-scoped namespace cleared',
    yaml: rule(`${selector}\n${taint}`, 'name: foo, namespace: default'),
  },

  'update: no change': { upstream: 'ValidateDeviceTaintUpdate: valid-no-op-update', old: valid, yaml: valid },
  'update: a new name': {
    upstream: 'ValidateDeviceTaintUpdate: invalid-name-update',
    old: valid,
    yaml: rule(`${selector}\n${taint}`, 'name: foo-update'),
    errors: ['metadata/identity-immutable @ metadata.name'],
  },
  'update: the spec may change': {
    upstream: 'DeviceTaintRule update: spec is mutable',
    old: valid,
    yaml: rule(`  deviceSelector: {driver: other.example.com}\n  taint: {key: example.com/other, effect: NoExecute}`),
  },
};

describe('DeviceTaintRule: parity with the upstream validation', () => {
  it.each(Object.entries(cases))('%s', (_, c) => {
    expect(parityErrors(c)).toEqual([...(c.errors ?? [])].sort());
  });
});
