import { describe, expect, it } from 'vitest';
import { parityErrors } from '../parity/fixtures.js';
import type { ParityCase } from '../parity/fixtures.js';

/**
 * Shared metadata cases restated from the upstream ObjectMeta tests (objectmeta_test.go, the
 * label and annotation tests, ValidateObjectMeta of the core group with its finalizer check)
 * and the generic create and update hooks: what the API server accepts draws no error, what
 * it refuses draws exactly the errors listed.
 */
const ep = (meta: string): string => `apiVersion: v1\nkind: Endpoints\nmetadata:\n${meta}\n`;
const named = (extra: string): string => ep(`  name: test\n  namespace: test\n${extra}`);
const owners = (refs: string): string => named(`  ownerReferences:\n${refs}`);
const fs = (meta: string): string =>
  `apiVersion: flowcontrol.apiserver.plat.io/v1\nkind: FlowSchema\nmetadata: {${meta}}\nspec: {priorityLevelConfiguration: {name: global}}\n`;
const event = (meta: string): string =>
  `apiVersion: v1\nkind: Event\nmetadata: {${meta}}\ninvolvedObject: {kind: Pod, name: p, namespace: test}\n`;

const cases: Record<string, ParityCase> = {
  'a name and a generateName': {
    upstream: 'ObjectMetaCustomName: valid name and generateName',
    yaml: named('  generateName: test'),
  },
  'generateName alone, ending in a dash': {
    upstream: 'ValidateObjectMeta: generateName is a prefix',
    yaml: ep('  generateName: web-\n  namespace: test'),
  },
  'a bad generateName': {
    upstream: 'ObjectMetaCustomName: invalid generateName',
    yaml: ep('  generateName: Web_\n  namespace: test'),
    errors: ['metadata/name-format @ metadata.generateName'],
  },
  'neither name nor generateName': {
    upstream: 'ValidateObjectMeta: name or generateName is required',
    yaml: ep('  namespace: test'),
    errors: ['metadata/name-format @ metadata.name'],
  },
  'a dotted namespace': {
    upstream: 'ObjectMetaNamespaces: foo.bar',
    yaml: ep('  name: test\n  namespace: foo.bar'),
    errors: ['schema/format @ metadata.namespace'],
  },
  'a namespace of 64 characters': {
    upstream: 'ObjectMetaNamespaces: too long',
    yaml: ep(`  name: test\n  namespace: ${'a'.repeat(64)}`),
    errors: ['schema/format @ metadata.namespace'],
  },
  'a namespace on a cluster-scoped kind is dropped, not refused': {
    upstream: 'generic create: namespace of a cluster-scoped object cleared',
    yaml: fs('name: test, namespace: default'),
  },
  'a negative generation': {
    upstream: 'ValidateObjectMeta: generation not negative',
    yaml: named('  generation: -1'),
    errors: ['schema/range @ metadata.generation'],
  },

  'a custom owner': {
    upstream: 'ObjectMetaOwnerReferences: third party extension',
    yaml: owners('  - {apiVersion: customresourceVersion, kind: customresourceKind, name: name, uid: "1"}'),
  },
  'a core owner': {
    upstream: 'ObjectMetaOwnerReferences: legacy core group',
    yaml: owners('  - {apiVersion: v1, kind: Pod, name: name, uid: "1"}'),
  },
  'a core Event as owner': {
    upstream: "ObjectMetaOwnerReferences: event shouldn't be set as an owner",
    yaml: owners('  - {apiVersion: v1, kind: Event, name: name, uid: "1"}'),
    errors: ['metadata/owner-references @ metadata.ownerReferences[0].kind'],
  },
  'an apiVersion with two slashes': {
    upstream: 'ObjectMetaOwnerReferences: too many slashes',
    yaml: owners('  - {apiVersion: a/b/c, kind: Pod, name: name, uid: "1"}'),
    errors: ['metadata/owner-references @ metadata.ownerReferences[0].apiVersion'],
  },
  'an apiVersion without version': {
    upstream: 'ObjectMetaOwnerReferences: empty version',
    yaml: owners('  - {apiVersion: "foo/", kind: Pod, name: name, uid: "1"}'),
    errors: ['metadata/owner-references @ metadata.ownerReferences[0].apiVersion'],
  },
  'one controller among four owners': {
    upstream: 'ObjectMetaOwnerReferences: one reference with Controller set',
    yaml: owners(
      ['1', '2', '3', '4']
        .map(
          (uid, i) =>
            `  - {apiVersion: customresourceVersion, kind: customresourceKind, name: name, uid: "${uid}"${i === 0 || i === 2 ? ', controller: false' : i === 1 ? ', controller: true' : ''}}`,
        )
        .join('\n'),
    ),
  },
  'two controllers': {
    upstream: 'ObjectMetaOwnerReferences: two references with Controller set',
    yaml: owners(
      '  - {apiVersion: customresourceVersion, kind: customresourceKind2, name: name, uid: "2", controller: true}\n  - {apiVersion: customresourceVersion, kind: customresourceKind3, name: name, uid: "3", controller: true}',
    ),
    errors: ['metadata/owner-references @ metadata.ownerReferences[1].controller'],
  },
  'an owner without uid': {
    upstream: 'validateOwnerReference: uid must not be empty',
    yaml: owners('  - {apiVersion: v1, kind: Pod, name: name}'),
    errors: ['schema/required @ metadata.ownerReferences[0].uid'],
  },

  'orphan with foregroundDeletion': {
    upstream: 'FinalizersPreventConflictingFinalizers',
    yaml: named('  finalizers: [orphan, foregroundDeletion]'),
    errors: ['metadata/finalizers @ metadata.finalizers[1]'],
  },
  'standard and prefixed finalizers': {
    upstream: 'validateKubeFinalizerName: standard or qualified',
    yaml: named('  finalizers: [kubernetes, orphan, x/a, example.com/Cleanup]'),
  },
  'an unprefixed custom finalizer': {
    upstream: 'validateKubeFinalizerName: neither standard nor fully qualified',
    yaml: named('  finalizers: [cleanup]'),
    errors: ['metadata/finalizers @ metadata.finalizers[0]'],
  },
  'a finalizer that is not a qualified name': {
    upstream: 'ValidateFinalizerName: IsQualifiedName',
    yaml: named('  finalizers: ["x/a b"]'),
    errors: ['metadata/finalizers @ metadata.finalizers[0]'],
  },
  'an unprefixed finalizer on a core Event': {
    upstream: 'core v1 Event: only the generic finalizer check',
    yaml: event('name: e.1, namespace: test, finalizers: [cleanup]'),
  },

  'label keys and values upstream accepts': {
    upstream: 'ValidateLabels: good keys and values',
    yaml: named(
      '  labels: {simple: bar, now-with-dashes: bar, 1-starts-with-num: bar, "1234": bar, simple/simple: bar, now-with-dashes/simple: bar, now.with.dots/simple: bar, 1-num.2-num/3-num: bar, UpperCaseAreOK123: bar, upper-case-are-ok.io/UpperCaseAreOK: bar, empty: "", v: a_B-1.c}',
    ),
  },
  'label keys upstream refuses': {
    upstream: 'ValidateLabels: bad keys',
    yaml: named(
      '  labels: {"nospecialchars^=@": bar, "cantendwithadash-": bar, "only/one/slash": bar, "Uppercase.Prefix/name": bar}',
    ),
    errors: [
      'metadata/labels @ metadata.labels["Uppercase.Prefix/name"]',
      'metadata/labels @ metadata.labels.cantendwithadash-',
      'metadata/labels @ metadata.labels["nospecialchars^=@"]',
      'metadata/labels @ metadata.labels["only/one/slash"]',
    ],
  },
  'label values upstream refuses': {
    upstream: 'ValidateLabels: bad values',
    yaml: named(
      `  labels: {a: "nospecialchars%^=@", b: "Tama-nui-te-rā.is.Māori.sun", c: "\\\\backslashes\\\\are\\\\bad", d: "-starts-with-dash", e: "ends-with-dash-", f: ".starts.with.dot", g: "ends.with.dot.", h: ${'a'.repeat(64)}}`,
    ),
    errors: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((k) => `metadata/labels @ metadata.labels.${k}`),
  },
  'annotation keys are checked with case folded': {
    upstream: 'ValidateAnnotations: IsQualifiedName of the lower-cased key',
    yaml: named('  annotations: {Example.COM/Owner: team, UPPER: x}'),
  },
  'annotation keys upstream refuses': {
    upstream: 'ValidateAnnotations: bad keys',
    yaml: named('  annotations: {"nospecialchars^=@": bar, "only/one/slash": bar, "a/": bar}'),
    errors: [
      'metadata/annotations @ metadata.annotations["a/"]',
      'metadata/annotations @ metadata.annotations["nospecialchars^=@"]',
      'metadata/annotations @ metadata.annotations["only/one/slash"]',
    ],
  },
  'annotations over 256 KiB': {
    upstream: 'ValidateAnnotations: TotalAnnotationSizeLimitB',
    yaml: named(`  annotations: {a: "${'x'.repeat(262144)}"}`),
    errors: ['metadata/annotations @ metadata.annotations'],
  },

  'update: a new name': {
    upstream: 'ValidateObjectMetaUpdate: name immutable',
    old: named(''),
    yaml: ep('  name: test2\n  namespace: test'),
    errors: ['metadata/identity-immutable @ metadata.name'],
  },
  'update: a new uid': {
    upstream: 'ValidateObjectMetaUpdate: uid immutable',
    old: named('  uid: "1"'),
    yaml: named('  uid: "2"'),
    errors: ['metadata/identity-immutable @ metadata.uid'],
  },
  'update: no uid keeps the stored one': {
    upstream: 'generic update: an empty uid is filled from the stored object',
    old: named('  uid: "1"'),
    yaml: named(''),
  },
  'update: creationTimestamp changes are ignored': {
    upstream: 'ObjectMetaUpdateIgnoresCreationTimestamp (the generic update hook restores it)',
    old: named('  creationTimestamp: "1970-01-01T00:00:10Z"'),
    yaml: named('  creationTimestamp: "1970-01-01T00:00:11Z"'),
  },
  'update: finalizers may be added to an object not being deleted': {
    upstream: 'FinalizersUpdate: valid adding finalizers for objects not being deleted',
    old: named('  finalizers: [x/a]'),
    yaml: named('  finalizers: [x/a, y/b]'),
  },
};

describe('Shared metadata: parity with the upstream validation', () => {
  it.each(Object.entries(cases))('%s', (_, c) => {
    expect(parityErrors(c)).toEqual([...(c.errors ?? [])].sort());
  });
});
