import { describe, expect, it } from 'vitest';
import { parityErrors } from '../parity/fixtures.js';
import type { ParityCase } from '../parity/fixtures.js';

/**
 * Core v1 Event cases restated from the upstream validation tests (TestValidateEventForCoreV1Events,
 * the events.k8s.io/v1beta1 table whose checks core v1 shares once eventTime is set, and the
 * generic ObjectMeta checks): what the API server accepts draws no error, what it refuses draws
 * exactly the errors listed.
 */
const event = (meta: string, body: string): string => `apiVersion: v1\nkind: Event\nmetadata: {${meta}}\n${body}\n`;
const NEW_STYLE =
  'eventTime: "2017-09-19T13:49:16.000000Z"\nreportingComponent: k8s.io/my-controller\nreportingInstance: node-xyz\naction: Do\nreason: Because';

const cases: Record<string, ParityCase> = {
  'involved object in another namespace': {
    upstream: 'EventForCoreV1Events test1',
    yaml: event('name: test1, namespace: foo', 'involvedObject: {kind: Pod, namespace: bar}'),
    errors: ['event/involved-object-namespace @ involvedObject.namespace'],
  },
  'a namespace that is not a DNS name': {
    upstream: 'EventForCoreV1Events test2',
    yaml: event('name: test2, namespace: aoeu-_-aoeu', 'involvedObject: {kind: Pod, namespace: aoeu-_-aoeu}'),
    errors: ['schema/format @ metadata.namespace'],
  },
  'a cluster-scoped involved object from default': {
    upstream: 'EventForCoreV1Events test3',
    yaml: event('name: test3, namespace: default', 'involvedObject: {apiVersion: v1, kind: Node}'),
  },
  'a Namespace as involved object': {
    upstream: 'EventForCoreV1Events test4',
    yaml: event('name: test4, namespace: default', 'involvedObject: {apiVersion: v1, kind: Namespace}'),
  },
  'an unknown kind in the same namespace': {
    upstream: 'EventForCoreV1Events test5',
    yaml: event('name: test5, namespace: default', 'involvedObject: {apiVersion: apps/v1, kind: NoKind, namespace: default}'),
  },
  'a Job of another namespace, from default': {
    upstream: 'EventForCoreV1Events test6',
    yaml: event('name: test6, namespace: default', 'involvedObject: {apiVersion: batch/v1, kind: Job, namespace: foo}'),
    errors: ['event/involved-object-namespace @ involvedObject.namespace'],
  },
  'a Job of the same namespace': {
    upstream: 'EventForCoreV1Events test7, test9, test11',
    yaml: event('name: test7, namespace: foo', 'involvedObject: {apiVersion: batch/v1, kind: Job, namespace: foo}'),
  },
  'an involved object without namespace, outside default': {
    upstream: 'EventForCoreV1Events test14',
    yaml: event('name: test14, namespace: foo', 'involvedObject: {apiVersion: other/v1beta1, kind: FooBar}'),
    errors: ['event/involved-object-namespace @ involvedObject.namespace'],
  },
  'no namespace in the manifest: the request supplies it': {
    upstream: 'EventForCoreV1Events test13 (namespace left to the request)',
    yaml: event('name: test13', 'involvedObject: {apiVersion: other/v1beta1, kind: FooBar, namespace: bar}'),
  },
  'a name that is only a path segment': {
    upstream: 'core v1 Event: name checked as a path segment only',
    yaml: event(
      'name: MyPod.17a2b3c4d5e6f7a8, namespace: default',
      'involvedObject: {kind: Pod, name: MyPod, namespace: default}',
    ),
  },
  'a name with a slash': {
    upstream: 'generic create: ValidatePathSegmentName',
    yaml: event('name: a/b, namespace: default', 'involvedObject: {kind: Pod, namespace: default}'),
    errors: ['metadata/name-format @ metadata.name'],
  },
  'a custom type and no involved object in default': {
    upstream: 'core v1 Event: type and involvedObject are not checked',
    yaml: event('name: e1, namespace: default', 'type: Custom\nreason: Anything'),
  },
  'no length limits without eventTime': {
    upstream: 'legacy Event: limits apply only with eventTime',
    yaml: event(
      'name: e1, namespace: default',
      `involvedObject: {kind: Pod, namespace: default}\nreason: ${'r'.repeat(200)}\nmessage: ${'m'.repeat(2000)}`,
    ),
  },

  'eventTime without the reporting fields': {
    upstream: 'EventForNewV1beta1Events: old Event with EventTime triggers new validation',
    yaml: event(
      'name: test, namespace: default',
      'involvedObject: {apiVersion: v1, kind: Node}\neventTime: "2017-09-19T13:49:16.000000Z"',
    ),
    errors: [
      'event/reporting-fields @ action',
      'event/reporting-fields @ reason',
      'event/reporting-fields @ reportingComponent',
      'event/reporting-fields @ reportingInstance',
    ],
  },
  'a complete new-style event in kube-system': {
    upstream: 'EventForNewV1beta1Events: valid new Event',
    yaml: event('name: test, namespace: kube-system', `involvedObject: {apiVersion: v1, kind: Node}\n${NEW_STYLE}`),
  },
  'a new-style event may name an object of another namespace': {
    upstream: 'legacyValidateEvent: with eventTime only an empty involved namespace is checked',
    yaml: event('name: test, namespace: foo', `involvedObject: {kind: Pod, namespace: bar}\n${NEW_STYLE}`),
  },
  'a new-style event about a cluster-scoped object outside default and kube-system': {
    upstream: 'legacyValidateEvent: empty involved namespace with eventTime',
    yaml: event('name: test, namespace: foo', `involvedObject: {apiVersion: v1, kind: Node}\n${NEW_STYLE}`),
    errors: ['event/involved-object-namespace @ involvedObject.namespace'],
  },
  'a reporting component that is not a qualified name': {
    upstream: 'EventForNewV1beta1Events: not qualified reportingController',
    yaml: event(
      'name: test, namespace: kube-system',
      `involvedObject: {apiVersion: v1, kind: Node}\n${NEW_STYLE.replace('k8s.io/my-controller', 'my-contr@ller')}`,
    ),
    errors: ['event/reporting-fields @ reportingComponent'],
  },
  'a reporting instance over 128 characters': {
    upstream: 'EventForNewV1beta1Events: too long reporting instance',
    yaml: event(
      'name: test, namespace: kube-system',
      `involvedObject: {apiVersion: v1, kind: Node}\n${NEW_STYLE.replace('node-xyz', `node-${'z'.repeat(130)}`)}`,
    ),
    errors: ['event/reporting-fields @ reportingInstance'],
  },
  'no reason': {
    upstream: 'EventForNewV1beta1Events: missing reason',
    yaml: event(
      'name: test, namespace: kube-system',
      `involvedObject: {apiVersion: v1, kind: Node}\n${NEW_STYLE.replace('\nreason: Because', '')}`,
    ),
    errors: ['event/reporting-fields @ reason'],
  },
  'no action': {
    upstream: 'EventForNewV1beta1Events: missing action',
    yaml: event(
      'name: test, namespace: kube-system',
      `involvedObject: {apiVersion: v1, kind: Node}\n${NEW_STYLE.replace('\naction: Do', '')}`,
    ),
    errors: ['event/reporting-fields @ action'],
  },
  'a message over 1024 characters': {
    upstream: 'EventForNewV1beta1Events: too long message',
    yaml: event(
      'name: test, namespace: kube-system',
      `involvedObject: {apiVersion: v1, kind: Node}\n${NEW_STYLE}\nmessage: ${'z'.repeat(1100)}`,
    ),
    errors: ['event/reporting-fields @ message'],
  },

  'update: every field may change': {
    upstream: 'ValidateEventUpdate (core v1): no field is immutable',
    old: event('name: e1, namespace: foo', 'involvedObject: {kind: Pod, name: a, namespace: foo}\nreason: Started\ncount: 1'),
    yaml: event(
      'name: e1, namespace: foo',
      'involvedObject: {kind: Pod, name: b, namespace: foo}\nreason: Killing\ncount: 2\ntype: Warning',
    ),
  },
  // MicroTime decodes with a fixed six-digit fraction (metav1.MicroTime's JSON form), so a
  // request holding any other eventTime fails to decode before validation runs.
  'an eventTime without microseconds': {
    upstream: 'metav1.MicroTime: parsed with the RFC 3339 layout of a six-digit fraction',
    yaml: event(
      'name: test, namespace: kube-system',
      `involvedObject: {apiVersion: v1, kind: Node}\n${NEW_STYLE.replace('16.000000Z', '16Z')}`,
    ),
    errors: ['schema/format @ eventTime'],
  },
  'a series lastObservedTime with nanoseconds': {
    upstream: 'metav1.MicroTime: parsed with the RFC 3339 layout of a six-digit fraction',
    yaml: event(
      'name: test, namespace: kube-system',
      `involvedObject: {apiVersion: v1, kind: Node}\n${NEW_STYLE}\nseries: {count: 2, lastObservedTime: "2017-09-19T13:50:16.123456789Z"}`,
    ),
    errors: ['schema/format @ series.lastObservedTime'],
  },
};

describe('Event (core v1): parity with the upstream validation', () => {
  it.each(Object.entries(cases))('%s', (_, c) => {
    expect(parityErrors(c)).toEqual([...(c.errors ?? [])].sort());
  });
});
