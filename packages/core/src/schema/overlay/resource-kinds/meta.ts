// The overlay of shared envelope and meta types (document A).
import { SELECTOR_OPERATORS } from '../../../labels/selector.js';
import type { Overlay } from '../../overlay-types.js';
import { ENVELOPE, LIST_ENVELOPE } from './envelope.js';

export const shared: Overlay = {
  'meta/v1.TypeMeta': {
    description: 'The apiVersion/kind pair every object and list carries.',
    spec: ENVELOPE,
    fields: {
      apiVersion: {
        description:
          'Versioned schema of this representation. Recognized versions are converted to the latest internal form; unrecognized ones may be rejected.',
        spec: ENVELOPE,
      },
      kind: {
        description: 'The REST resource kind in CamelCase. The server may infer it from the endpoint; it cannot be updated.',
        spec: ENVELOPE,
      },
    },
  },
  'meta/v1.ObjectMeta': {
    description:
      'Standard metadata that every persisted object carries: identity, labels, annotations and lifecycle fields kept by the server.',
    spec: 'A Shared types',
    fields: {
      name: {
        description:
          'Name of the object, unique within its namespace (or cluster-wide for cluster-scoped kinds). Required unless generateName is set; the allowed syntax depends on the kind.',
        spec: 'A Shared types',
      },
      generateName: {
        description: 'Prefix from which the server builds a unique name when `name` is left empty.',
        spec: 'A Shared types',
      },
      namespace: {
        description:
          'Namespace the object lives in; also the authorization scope for teams and projects. Must be empty for cluster-scoped kinds; for namespaced kinds it defaults to the namespace of the request. Upstream requires a DNS label.',
        format: 'dns-label',
        spec: 'A Shared types',
      },
      uid: {
        description: 'Unique identifier the server assigns at creation. Read-only and never reused.',
        spec: 'A Shared types',
      },
      resourceVersion: {
        description: 'Opaque version of the object, used for optimistic concurrency and watches. Set by the server.',
        spec: 'A Shared types',
      },
      generation: {
        description: 'Sequence number of the desired state; the server increments it when the spec changes.',
        spec: 'A Shared types',
      },
      creationTimestamp: {
        description: 'When the object was created, set by the server (RFC 3339).',
        spec: 'A Shared types',
      },
      deletionTimestamp: {
        description:
          'When graceful deletion was requested. Set by the server; the object goes away once its finalizers are gone.',
        spec: 'A Shared types',
      },
      deletionGracePeriodSeconds: {
        description: 'Seconds the object is allowed to terminate gracefully once deletion was requested. Set by the server.',
        spec: 'A Shared types',
      },
      labels: {
        description: 'Key/value pairs used to organize and select objects. Keys are qualified names, values valid label values.',
        spec: 'A Shared types',
      },
      annotations: {
        description:
          'Arbitrary non-identifying key/value data for tools and controllers. Keys are qualified names; all annotations together may total at most 256 KiB (upstream).',
        maxTotalBytes: 256 * 1024,
        spec: 'A Shared types',
      },
      ownerReferences: {
        description: 'Objects this one depends on; when every owner is gone the object is garbage collected.',
        spec: 'A Shared types',
      },
      finalizers: {
        description: 'Names of pending cleanup steps. A deleted object stays until this list is empty.',
        spec: 'A Shared types',
      },
      managedFields: {
        description: 'Which field manager owns which fields (server-side apply bookkeeping). Maintained by the server.',
        spec: 'A Shared types',
      },
      selfLink: {
        description: 'Legacy self URL of the object; no longer populated.',
        deprecated: 'No longer set by the server; do not rely on it.',
        spec: 'A Shared types',
      },
    },
  },
  'meta/v1.ListMeta': {
    description: 'Metadata of a list response: the resource version of the snapshot and paging information.',
    spec: LIST_ENVELOPE,
    fields: {
      resourceVersion: {
        description: 'Version of the snapshot the list was read from; a watch can start from here.',
        spec: LIST_ENVELOPE,
      },
      continue: {
        description:
          'Token for fetching the next page when the list was truncated by `limit`. Only a non-empty value means more items exist; it expires after some minutes.',
        spec: LIST_ENVELOPE,
      },
      remainingItemCount: {
        description: 'Estimated number of items not yet returned, when the server can tell.',
        spec: LIST_ENVELOPE,
      },
      selfLink: {
        description: 'Legacy self URL of the list; no longer populated.',
        deprecated: 'No longer set by the server; do not rely on it.',
        spec: LIST_ENVELOPE,
      },
      shardInfo: {
        description: 'Which shard of the collection this response covers, for sharded list and watch (alpha).',
        featureGates: ['ShardedListAndWatch'],
        spec: 'A Parameter reference',
      },
    },
  },
  'meta/v1.Time': {
    description: 'A timestamp in RFC 3339 form with second precision.',
    spec: 'A Shared types',
  },
  'meta/v1.MicroTime': {
    description: 'A timestamp in RFC 3339 form with microsecond precision.',
    spec: 'A Shared types',
  },
  'meta/v1.LabelSelector': {
    description:
      'Selects objects by their labels. All given terms must hold. An empty selector selects everything; an absent one usually nothing.',
    spec: 'A Shared types',
    fields: {
      matchLabels: {
        description: 'Exact label matches; each pair is shorthand for an `In` requirement with one value.',
        spec: 'A Shared types',
      },
      matchExpressions: {
        description: 'Set-based label requirements, all of which must hold.',
        spec: 'A Shared types',
      },
    },
  },
  'meta/v1.LabelSelectorRequirement': {
    description: 'One set-based label requirement: a key, an operator and (for In/NotIn) values.',
    spec: 'A Shared types',
    fields: {
      key: { description: 'Label key the requirement looks at.', format: 'label-key', spec: 'A Shared types' },
      operator: {
        description: 'How the key relates to the values: In, NotIn, Exists or DoesNotExist.',
        enum: Object.keys(SELECTOR_OPERATORS),
        spec: 'A Shared types',
      },
      values: {
        description: 'Values to compare with. Needed for In and NotIn; must be empty for Exists and DoesNotExist.',
        spec: 'A Shared types',
      },
    },
  },
  'meta/v1.Condition': {
    description:
      "A generic status condition: one aspect of the object's observed state, with the time and reason of its last change. Conditions live only in `status`, which the server drops from a create or an update of the object itself; their checks (type, status, lastTransitionTime, reason and message are required) apply to status-subresource writes, so a manifest is not held to them.",
    spec: 'A Shared types',
    fields: {
      type: {
        description: 'Condition type, in CamelCase or as a qualified name. Required on a status write.',
        required: false,
        spec: 'A Shared types',
      },
      status: {
        description: 'Whether the condition holds: True, False or Unknown. Required on a status write.',
        required: false,
        spec: 'A Shared types',
      },
      observedGeneration: {
        description: 'metadata.generation the condition was computed from.',
        minimum: 0,
        spec: 'A Shared types',
      },
      lastTransitionTime: {
        description: 'When the status last changed. Required on a status write.',
        required: false,
        spec: 'A Shared types',
      },
      reason: {
        description: 'One-word CamelCase reason for the last transition. Required on a status write.',
        required: false,
        spec: 'A Shared types',
      },
      message: {
        description: 'Human-readable detail about the last transition. Required on a status write.',
        required: false,
        spec: 'A Shared types',
      },
    },
  },
  'core/v1.ObjectReference': {
    description: 'A reference to another object by kind, namespace and name (optionally uid, version and field path).',
    spec: 'A Shared types',
    fields: {
      kind: { description: 'Kind of the referenced object.', spec: 'A Shared types' },
      namespace: { description: 'Namespace of the referenced object.', spec: 'A Shared types' },
      name: { description: 'Name of the referenced object.', spec: 'A Shared types' },
      uid: { description: 'UID of the referenced object.', spec: 'A Shared types' },
      apiVersion: { description: 'API version of the referenced object.', spec: 'A Shared types' },
      resourceVersion: { description: 'Specific resource version the reference was taken at.', spec: 'A Shared types' },
      fieldPath: {
        description: 'Path to a part of the object instead of the whole, e.g. one container of a pod.',
        spec: 'A Shared types',
      },
    },
  },
  'meta/v1.DeleteOptions': {
    description: 'Options sent with a delete or delete-collection request.',
    spec: 'A Parameter reference',
    fields: {
      gracePeriodSeconds: {
        description: 'Seconds to wait before deleting; 0 deletes right away. Unset uses the default of the type.',
        minimum: 0,
        spec: 'A Parameter reference',
      },
      preconditions: {
        description: 'Conditions (uid, resourceVersion) that must still hold for the delete to go ahead.',
        spec: 'A Parameter reference',
      },
      orphanDependents: {
        description:
          'Whether dependents are orphaned (true adds the `orphan` finalizer, false removes it). Cannot be combined with propagationPolicy.',
        deprecated: 'Use propagationPolicy instead.',
        spec: 'A Parameter reference',
      },
      propagationPolicy: {
        description:
          'How dependents are handled: Orphan, Background or Foreground (cascading delete finishes before the owner goes). Cannot be combined with orphanDependents.',
        enum: ['Orphan', 'Background', 'Foreground'],
        spec: 'A Parameter reference',
      },
      dryRun: {
        description: 'When set, nothing is persisted. The only accepted value is `All`.',
        spec: 'A Parameter reference',
      },
      ignoreStoreReadErrorWithClusterBreakingPotential: {
        description:
          'Allow an unsafe delete of an object that cannot be read from storage. It skips finalizers and preconditions and can break the cluster. Default false.',
        default: false,
        spec: 'A Parameter reference',
      },
    },
  },
};
