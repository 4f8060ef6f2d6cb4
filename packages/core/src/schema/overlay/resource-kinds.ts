/**
 * Overlay for the HTTP resource kinds: spec document A (shared envelope, Endpoints, Event,
 * Deployment, Scale), document B (CompositePodGroup, PodGroup, DeviceTaintRule, FlowSchema and
 * the PriorityLevelConfiguration it points at) and the MutatingAdmissionPolicy part of
 * document C. Descriptions are written in our own words. Facts taken from the upstream
 * validation summaries (reference/upstream-rules/resource-kinds.md) rather than the spec say so
 * in their description. Cross-field rules are left to the semantic rules.
 */
import { SELECTOR_OPERATORS } from '../../labels/selector.js';
import type { FieldOverlay, Overlay, SpecRef } from '../overlay-types.js';

const ENVELOPE: SpecRef = 'A Shared object envelope';
const LIST_ENVELOPE: SpecRef = 'A Shared list envelope';

/** apiVersion / kind / metadata of a top-level object, described for one kind. */
function objectEnvelope(kind: string, spec: SpecRef): Record<string, FieldOverlay> {
  return {
    apiVersion: {
      description: `Versioned schema this ${kind} is written against. The server converts recognized versions and may reject unknown ones.`,
      spec: ENVELOPE,
    },
    kind: {
      description: `The object's REST kind in CamelCase; always \`${kind}\` here. The server can infer it from the endpoint, and it cannot change on update.`,
      immutable: true,
      spec: ENVELOPE,
    },
    metadata: {
      description: `Standard object metadata of the ${kind}: name, namespace, labels, annotations and server-managed fields.`,
      spec,
    },
  };
}

/** apiVersion / kind / metadata / items of a `<Kind>List`. */
function listEnvelope(kind: string): Record<string, FieldOverlay> {
  return {
    apiVersion: { description: 'Versioned schema of this list, as for the objects it holds.', spec: LIST_ENVELOPE },
    kind: { description: `Always \`${kind}List\`.`, spec: LIST_ENVELOPE },
    metadata: {
      description: 'List metadata: the resource version of the snapshot and, for paged lists, the `continue` token.',
      spec: LIST_ENVELOPE,
    },
    items: { description: `The ${kind} objects of this list. Required.`, spec: LIST_ENVELOPE },
  };
}

function listType(kind: string, spec: SpecRef): Overlay[string] {
  return {
    description: `A list of ${kind} objects, as returned by list calls.`,
    spec,
    fields: listEnvelope(kind),
  };
}

/** The three-valued condition status used by several condition types. */
const CONDITION_STATUS = ['True', 'False', 'Unknown'] as const;

// ---------------------------------------------------------------------------------------------
// Shared envelope and meta types (document A)
// ---------------------------------------------------------------------------------------------

const shared: Overlay = {
  'meta/v1.TypeMeta': {
    description: 'The apiVersion/kind pair every object and list carries.',
    spec: ENVELOPE,
    fields: {
      apiVersion: {
        description: 'Versioned schema of this representation. Recognized versions are converted to the latest internal form; unrecognized ones may be rejected.',
        spec: ENVELOPE,
      },
      kind: {
        description: 'The REST resource kind in CamelCase. The server may infer it from the endpoint; it cannot be updated.',
        spec: ENVELOPE,
      },
    },
  },
  'meta/v1.ObjectMeta': {
    description: 'Standard metadata that every persisted object carries: identity, labels, annotations and lifecycle fields kept by the server.',
    spec: 'A Shared types',
    fields: {
      name: {
        description: 'Name of the object, unique within its namespace (or cluster-wide for cluster-scoped kinds). Required unless generateName is set; the allowed syntax depends on the kind.',
        spec: 'A Shared types',
      },
      generateName: {
        description: 'Prefix from which the server builds a unique name when `name` is left empty.',
        spec: 'A Shared types',
      },
      namespace: {
        description: 'Namespace the object lives in; also the authorization scope for teams and projects. Must be empty for cluster-scoped kinds; for namespaced kinds it defaults to the namespace of the request. Upstream requires a DNS label.',
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
        description: 'When graceful deletion was requested. Set by the server; the object goes away once its finalizers are gone.',
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
        description: 'Arbitrary non-identifying key/value data for tools and controllers. Keys are qualified names; all annotations together may total at most 256 KiB (upstream).',
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
        description: 'Token for fetching the next page when the list was truncated by `limit`. Only a non-empty value means more items exist; it expires after some minutes.',
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
    description: 'Selects objects by their labels. All given terms must hold. An empty selector selects everything; an absent one usually nothing.',
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
    description: 'A generic status condition: one aspect of the object\'s observed state, with the time and reason of its last change. Conditions live only in `status`, which the server drops from a create or an update of the object itself; their checks (type, status, lastTransitionTime, reason and message are required) apply to status-subresource writes, so a manifest is not held to them.',
    spec: 'A Shared types',
    fields: {
      type: { description: 'Condition type, in CamelCase or as a qualified name. Required on a status write.', required: false, spec: 'A Shared types' },
      status: { description: 'Whether the condition holds: True, False or Unknown. Required on a status write.', required: false, spec: 'A Shared types' },
      observedGeneration: {
        description: 'metadata.generation the condition was computed from.',
        minimum: 0,
        spec: 'A Shared types',
      },
      lastTransitionTime: { description: 'When the status last changed. Required on a status write.', required: false, spec: 'A Shared types' },
      reason: { description: 'One-word CamelCase reason for the last transition. Required on a status write.', required: false, spec: 'A Shared types' },
      message: { description: 'Human-readable detail about the last transition. Required on a status write.', required: false, spec: 'A Shared types' },
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
        description: 'Whether dependents are orphaned (true adds the `orphan` finalizer, false removes it). Cannot be combined with propagationPolicy.',
        deprecated: 'Use propagationPolicy instead.',
        spec: 'A Parameter reference',
      },
      propagationPolicy: {
        description: 'How dependents are handled: Orphan, Background or Foreground (cascading delete finishes before the owner goes). Cannot be combined with orphanDependents.',
        enum: ['Orphan', 'Background', 'Foreground'],
        spec: 'A Parameter reference',
      },
      dryRun: {
        description: 'When set, nothing is persisted. The only accepted value is `All`.',
        spec: 'A Parameter reference',
      },
      ignoreStoreReadErrorWithClusterBreakingPotential: {
        description: 'Allow an unsafe delete of an object that cannot be read from storage. It skips finalizers and preconditions and can break the cluster. Default false.',
        default: false,
        spec: 'A Parameter reference',
      },
    },
  },
};

// ---------------------------------------------------------------------------------------------
// Endpoints (document A)
// ---------------------------------------------------------------------------------------------

const ENDPOINTS_DEPRECATED = 'Endpoints is deprecated since release 1.33; use EndpointSlice of discovery.plat.io/v1, which holds the complete endpoint information.';

const endpoints: Overlay = {
  'core/v1.Endpoints': {
    description: 'Legacy record of the addresses and ports that back a service. Deprecated in favor of EndpointSlice.',
    deprecated: ENDPOINTS_DEPRECATED,
    spec: 'A Endpoints',
    fields: {
      ...objectEnvelope('Endpoints', 'A Endpoints'),
      subsets: {
        description: 'Groups of addresses sharing a set of ports; the endpoints of the service are the union over all subsets.',
        spec: 'A Endpoints',
      },
    },
  },
  'core/v1.EndpointsList': { ...listType('Endpoints', 'A Endpoints'), deprecated: ENDPOINTS_DEPRECATED },
  'core/v1.EndpointSubset': {
    description: 'Addresses that share the same ports. The endpoints it stands for are every address combined with every port. An address may not be both ready and not ready in one subset.',
    spec: 'A Endpoints',
    fields: {
      addresses: {
        description: 'Addresses whose ports are ready; safe for load balancers and clients to use. Upstream requires this or notReadyAddresses to be non-empty.',
        spec: 'A Endpoints',
      },
      notReadyAddresses: {
        description: 'Addresses whose ports are not ready yet (still starting, or recently failed a readiness or liveness probe).',
        spec: 'A Endpoints',
      },
      ports: {
        description: 'Ports offered on every address of the subset.',
        spec: 'A Endpoints',
      },
    },
  },
  'core/v1.EndpointAddress': {
    description: 'One endpoint address: an IP and, optionally, the host, node and object behind it.',
    spec: 'A Endpoints',
    fields: {
      ip: {
        description: 'IP of the endpoint. Must not be a loopback, link-local or link-local multicast address (nor unspecified, upstream).',
        format: 'ip',
        spec: 'A Endpoints',
      },
      hostname: {
        description: 'Host name of this endpoint. Upstream requires a DNS label.',
        format: 'dns-label',
        spec: 'A Endpoints',
      },
      nodeName: {
        description: 'Node that hosts the endpoint; lets clients pick endpoints local to a node.',
        format: 'dns-subdomain',
        spec: 'A Endpoints',
      },
      targetRef: {
        description: 'The object (usually a Pod) that provides this endpoint.',
        spec: 'A Endpoints',
      },
    },
  },
  'core/v1.EndpointPort': {
    description: 'One port offered by the addresses of a subset.',
    spec: 'A Endpoints',
    fields: {
      name: {
        description: 'Port name, equal to the name of the matching ServicePort. A DNS label; required when the subset lists more than one port.',
        format: 'dns-label',
        spec: 'A Endpoints',
      },
      port: {
        description: 'Port number of the endpoint (1 to 65535, enforced upstream).',
        minimum: 1,
        maximum: 65535,
        spec: 'A Endpoints',
      },
      protocol: {
        description: 'Transport protocol of the port.',
        default: 'TCP',
        spec: 'A Endpoints',
      },
      appProtocol: {
        description: 'Application protocol hint in label-key syntax: an IANA service name without prefix, one of `plat.io/h2c`, `plat.io/ws`, `plat.io/wss`, or an implementation-specific prefixed name.',
        format: 'label-key',
        knownValues: ['plat.io/h2c', 'plat.io/ws', 'plat.io/wss'],
        spec: 'A Endpoints',
      },
    },
  },
};

// ---------------------------------------------------------------------------------------------
// Event (document A)
// ---------------------------------------------------------------------------------------------

const events: Overlay = {
  'core/v1.Event': {
    description: 'A best-effort, informational report that something happened in the cluster. Events are kept only for a limited time; do not build on a reason staying stable or an event still existing.',
    spec: 'A Event',
    fields: {
      ...objectEnvelope('Event', 'A Event'),
      action: {
        description: 'What was done, or failed to be done, about the regarding/related object.',
        spec: 'A Event',
      },
      count: { description: 'How many times this event has happened.', spec: 'A Event' },
      eventTime: { description: 'When the event was first observed (microsecond precision).', spec: 'A Event' },
      firstTimestamp: {
        description: 'When the event was first recorded. The time the server received it is in the metadata.',
        spec: 'A Event',
      },
      involvedObject: {
        description: 'The object this event is about. The spec lists it as required; the server does not check it for core `v1` Events, so an Event without it is accepted.',
        required: false,
        spec: 'A Event',
      },
      lastTimestamp: { description: 'When the most recent occurrence was recorded.', spec: 'A Event' },
      message: { description: 'Human-readable text about the status of the operation.', spec: 'A Event' },
      reason: {
        description: 'Short, machine-readable reason for the transition into the current state.',
        spec: 'A Event',
      },
      related: { description: 'Optional second object, for more complex actions.', spec: 'A Event' },
      reportingComponent: { description: 'Name of the controller that emitted this event.', spec: 'A Event' },
      reportingInstance: { description: 'Identifier of the emitting controller instance.', spec: 'A Event' },
      series: {
        description: 'Data about a series of repeated occurrences; left out for a one-off event.',
        spec: 'A Event',
      },
      source: { description: 'The component that reported the event.', spec: 'A Event' },
      type: {
        description: 'Event type: `Normal` or `Warning`. More types may be added later.',
        knownValues: ['Normal', 'Warning'],
        spec: 'A Event',
      },
    },
  },
  'core/v1.EventList': listType('Event', 'A Event'),
  'core/v1.EventSeries': {
    description: 'Something that keeps happening over a period of time.',
    spec: 'A Event',
    fields: {
      count: { description: 'Occurrences in the series up to the last heartbeat.', spec: 'A Event' },
      lastObservedTime: { description: 'When the latest occurrence was seen.', spec: 'A Event' },
    },
  },
  'core/v1.EventSource': {
    description: 'The component (and host) that reported an event.',
    spec: 'A Event',
    fields: {
      component: { description: 'Component that generated the event.', spec: 'A Event' },
      host: { description: 'Node name on which the event was generated.', spec: 'A Event' },
    },
  },
};

// ---------------------------------------------------------------------------------------------
// Deployment and Scale (document A)
// ---------------------------------------------------------------------------------------------

const deployments: Overlay = {
  'apps/v1.Deployment': {
    description: 'Declarative updates for Pods and ReplicaSets: the controller rolls the running pods toward the desired template and replica count.',
    spec: 'A Deployment',
    fields: {
      ...objectEnvelope('Deployment', 'A Deployment'),
      spec: { description: 'Desired behavior of the Deployment.', spec: 'A Deployment' },
      status: { description: 'Most recently observed state, written by the controller.', spec: 'A Deployment' },
    },
  },
  'apps/v1.DeploymentList': listType('Deployment', 'A Deployment'),
  'apps/v1.DeploymentSpec': {
    description: 'Desired state of a Deployment.',
    spec: 'A Deployment',
    fields: {
      minReadySeconds: {
        description: 'How long a new pod must be ready, with no container crashing, before it counts as available. 0 means as soon as it is ready. Must stay below progressDeadlineSeconds (upstream).',
        default: 0,
        minimum: 0,
        spec: 'A Deployment',
      },
      paused: { description: 'Pauses the rollout while true.', spec: 'A Deployment' },
      progressDeadlineSeconds: {
        description: 'Seconds the rollout may go without progress before it is reported failed (condition reason `ProgressDeadlineExceeded`). The controller keeps working on it; no progress is measured while paused. Must exceed minReadySeconds (upstream).',
        default: 600,
        minimum: 0,
        spec: 'A Deployment',
      },
      replicas: {
        description: 'Number of desired pods. An explicit 0 is different from leaving it unset.',
        default: 1,
        minimum: 0,
        spec: 'A Deployment',
      },
      revisionHistoryLimit: {
        description: 'How many old ReplicaSets to keep for rollback. An explicit 0 is different from leaving it unset.',
        default: 10,
        minimum: 0,
        spec: 'A Deployment',
      },
      selector: {
        description: 'Label selector for the pods; must match the labels of the pod template. ReplicaSets whose pods it selects are affected. Immutable upstream.',
        immutable: true,
        spec: 'A Deployment',
      },
      strategy: {
        description: 'How existing pods are replaced by new ones (patched with the retainKeys strategy).',
        spec: 'A Deployment',
      },
      template: {
        description: 'Template of the pods to create. Its `spec.restartPolicy` may only be `Always`.',
        spec: 'A Deployment',
      },
    },
  },
  'apps/v1.DeploymentStrategy': {
    description: 'How a Deployment replaces old pods with new ones.',
    spec: 'A Deployment',
    fields: {
      type: {
        description: '`Recreate` kills all existing pods before new ones are created; `RollingUpdate` scales the new ReplicaSet up while scaling the old ones down.',
        default: 'RollingUpdate',
        spec: 'A Deployment',
      },
      rollingUpdate: {
        description: 'Rolling-update parameters; only allowed when type is `RollingUpdate`.',
        spec: 'A Deployment',
      },
    },
  },
  'apps/v1.RollingUpdateDeployment': {
    description: 'Limits of a rolling update. maxSurge and maxUnavailable may not both be 0.',
    spec: 'A Deployment',
    fields: {
      maxSurge: {
        description: 'How many pods may exist above the desired count during the update: a number or a percentage of the desired pods (rounded up). Cannot be 0 when maxUnavailable is 0.',
        format: 'int-or-percent',
        default: '25%',
        spec: 'A Deployment',
      },
      maxUnavailable: {
        description: 'How many pods may be unavailable during the update: a number or a percentage of the desired pods (rounded down; at most 100% upstream). Cannot be 0 when maxSurge is 0.',
        format: 'int-or-percent',
        default: '25%',
        spec: 'A Deployment',
      },
    },
  },
  'apps/v1.DeploymentStatus': {
    description: 'Observed state of a Deployment, reported by the controller. Every field is optional.',
    spec: 'A Deployment',
    fields: {
      availableReplicas: {
        description: 'Non-terminating pods that have been ready for at least minReadySeconds.',
        spec: 'A Deployment',
      },
      collisionCount: {
        description: 'Count of hash collisions, used to pick a unique name for the newest ReplicaSet.',
        spec: 'A Deployment',
      },
      conditions: {
        description: 'Latest observations of the rollout, merged by `type`.',
        spec: 'A Deployment',
      },
      observedGeneration: { description: 'Generation the controller last acted on.', spec: 'A Deployment' },
      readyReplicas: { description: 'Non-terminating pods with a Ready condition.', spec: 'A Deployment' },
      replicas: {
        description: 'Non-terminating pods whose labels match the selector.',
        spec: 'A Deployment',
      },
      terminatingReplicas: {
        description: 'Pods being terminated: they have a deletionTimestamp and are not yet Failed or Succeeded. Beta.',
        featureGates: ['DeploymentReplicaSetTerminatingReplicas'],
        spec: 'A Deployment',
      },
      unavailableReplicas: {
        description: 'Pods still missing for full available capacity, whether running but not yet available or not yet created.',
        spec: 'A Deployment',
      },
      updatedReplicas: {
        description: 'Non-terminating pods that run the desired template.',
        spec: 'A Deployment',
      },
    },
  },
  'apps/v1.DeploymentCondition': {
    description: 'One aspect of a Deployment\'s state at a point in time.',
    spec: 'A Deployment',
    fields: {
      lastTransitionTime: { description: 'When the status last changed.', spec: 'A Deployment' },
      lastUpdateTime: { description: 'When this condition was last updated.', spec: 'A Deployment' },
      message: { description: 'Human-readable detail about the transition.', spec: 'A Deployment' },
      reason: {
        description: 'Why the condition last changed, e.g. `ProgressDeadlineExceeded`.',
        spec: 'A Deployment',
      },
      status: { description: 'Whether the condition holds.', enum: CONDITION_STATUS, spec: 'A Deployment' },
      type: {
        description: 'Which aspect the condition describes.',
        knownValues: ['Available', 'Progressing', 'ReplicaFailure'],
        spec: 'A Deployment',
      },
    },
  },
  'autoscaling/v1.Scale': {
    description: 'Body of the `scale` subresource: reads or sets the replica count of a scalable resource such as a Deployment.',
    spec: 'A Deployment resource operations',
    fields: {
      ...objectEnvelope('Scale', 'A Deployment resource operations'),
      spec: { description: 'Desired scale.', spec: 'A Deployment resource operations' },
      status: { description: 'Current scale, as observed.', spec: 'A Deployment resource operations' },
    },
  },
  'autoscaling/v1.ScaleSpec': {
    description: 'Desired scale of the target resource.',
    spec: 'A Deployment resource operations',
    fields: {
      replicas: { description: 'Desired number of instances.', minimum: 0, spec: 'A Deployment resource operations' },
    },
  },
  'autoscaling/v1.ScaleStatus': {
    description: 'Observed scale of the target resource.',
    spec: 'A Deployment resource operations',
    fields: {
      // Status is not validated on a scale write (ValidateScale reads spec.replicas only).
      replicas: { description: 'Number of instances actually observed.', required: false, spec: 'A Deployment resource operations' },
      selector: {
        description: 'Label selector of the pods counted in replicas, in serialized string form.',
        spec: 'A Deployment resource operations',
      },
    },
  },
};

// ---------------------------------------------------------------------------------------------
// The pod template of a Deployment: single-field limits of upstream pod validation
// ---------------------------------------------------------------------------------------------

/**
 * The spec leaves the pod template to the shared core types; the server validates it as a full
 * pod template, so these limits come from upstream pod validation (reference/upstream-rules).
 * Cross-field rules and formats of list items are the deployment/* rules'.
 */
const USER_OR_GROUP_ID = { minimum: 0, maximum: 2147483647 } as const;
/** Permission bits of projected files: 0 to 0777. */
const FILE_MODE = { minimum: 0, maximum: 0o777 } as const;

const podTemplate: Overlay = {
  'core/v1.PodSpec': {
    fields: {
      serviceAccountName: { description: 'Service account the pods run as; a DNS subdomain.', format: 'dns-subdomain' },
      nodeName: { description: 'Binds the pods to this node, bypassing the scheduler; a node name (DNS subdomain).', format: 'dns-subdomain' },
      priorityClassName: { description: 'PriorityClass of the pods; a DNS subdomain.', format: 'dns-subdomain' },
      runtimeClassName: { description: 'RuntimeClass the pods run with; a DNS subdomain.', format: 'dns-subdomain' },
      hostname: { description: 'Host name of the pods; a DNS label. Defaults to the pod name.', format: 'dns-label' },
      subdomain: { description: 'Subdomain of the pods under a headless Service; a DNS label.', format: 'dns-label' },
    },
  },
  'core/v1.PodSecurityContext': {
    fields: {
      runAsUser: { description: 'User id of the containers\' processes, 0 to 2147483647.', ...USER_OR_GROUP_ID },
      runAsGroup: { description: 'Primary group id of the containers\' processes, 0 to 2147483647.', ...USER_OR_GROUP_ID },
      fsGroup: { description: 'Group that owns the pod\'s volumes, 0 to 2147483647.', ...USER_OR_GROUP_ID },
      seLinuxChangePolicy: { description: 'How volumes get the pod\'s SELinux label: `MountOption` or `Recursive`.', enum: ['MountOption', 'Recursive'] },
    },
  },
  'core/v1.SecurityContext': {
    fields: {
      runAsUser: { description: 'User id of the container\'s process, 0 to 2147483647.', ...USER_OR_GROUP_ID },
      runAsGroup: { description: 'Primary group id of the container\'s process, 0 to 2147483647.', ...USER_OR_GROUP_ID },
    },
  },
  'core/v1.PodOS': {
    fields: {
      name: { description: 'Operating system of the pods: `linux` or `windows`.', enum: ['linux', 'windows'] },
    },
  },
  'core/v1.ContainerResizePolicy': {
    fields: {
      restartPolicy: { description: 'Whether resizing this resource restarts the container: `NotRequired` or `RestartContainer`.', enum: ['NotRequired', 'RestartContainer'] },
    },
  },
  'core/v1.PodReadinessGate': {
    fields: {
      conditionType: { description: 'Pod condition that must be true for readiness; a qualified name.', format: 'label-key' },
    },
  },
  'core/v1.PodSchedulingGate': {
    fields: {
      name: { description: 'Name of the gate; a qualified name, unique in the pod.', format: 'label-key' },
    },
  },
  'core/v1.HostAlias': {
    fields: {
      ip: { description: 'Address the host names resolve to in the pod\'s hosts file.', format: 'ip' },
    },
  },
  'core/v1.PodDNSConfig': {
    fields: {
      nameservers: { description: 'DNS server addresses, at most 3.', maxItems: 3 },
      searches: { description: 'DNS search domains, at most 32.', maxItems: 32 },
    },
  },
  'core/v1.PodDNSConfigOption': {
    fields: {
      name: { description: 'Resolver option name, such as `ndots`. Required.', required: true, minLength: 1 },
    },
  },
  'core/v1.Toleration': {
    fields: {
      value: { description: 'Taint value to match with `Equal`; a label value, empty with `Exists`.', format: 'label-value' },
    },
  },
  'core/v1.NodeSelectorRequirement': {
    fields: {
      key: { description: 'Node label key (or field name under matchFields) the requirement reads.', format: 'label-key' },
    },
  },
  'core/v1.PreferredSchedulingTerm': {
    fields: {
      weight: { description: 'Weight of the term, 1 to 100.', minimum: 1, maximum: 100 },
      // ValidatePreferredSchedulingTerms accepts an empty term; it matches every node.
      preference: { description: 'Node selector term of this preference; an empty term matches all nodes.', required: false },
    },
  },
  'core/v1.WeightedPodAffinityTerm': {
    fields: {
      weight: { description: 'Weight of the term, 1 to 100.', minimum: 1, maximum: 100 },
    },
  },
  'core/v1.PodAffinityTerm': {
    fields: {
      topologyKey: { description: 'Node label key that defines the topology domain; required and non-empty.', format: 'label-key' },
    },
  },
  'core/v1.VolumeMount': {
    fields: {
      mountPath: { description: 'Path in the container where the volume is mounted; required.', minLength: 1 },
      recursiveReadOnly: { description: 'Whether a read-only mount is read-only all the way down: `Disabled`, `IfPossible` or `Enabled`.', enum: ['Disabled', 'IfPossible', 'Enabled'] },
    },
  },
  'core/v1.Probe': {
    fields: {
      terminationGracePeriodSeconds: { description: 'Grace period after a failed probe kills the container; at least 1. Not for readiness probes.', minimum: 1 },
    },
  },
  'core/v1.SleepAction': {
    fields: {
      // validateSleepAction accepts 0, which a missing field decodes to.
      seconds: { description: 'How long the hook sleeps; 0 or more (absent means 0).', minimum: 0, required: false },
    },
  },
  'core/v1.ConfigMapKeySelector': {
    fields: {
      name: { description: 'ConfigMap to read, in the pod\'s namespace; a DNS subdomain.', format: 'dns-subdomain' },
      key: { description: 'Key of the ConfigMap to read; required.', minLength: 1 },
    },
  },
  'core/v1.SecretKeySelector': {
    fields: {
      name: { description: 'Secret to read, in the pod\'s namespace; a DNS subdomain.', format: 'dns-subdomain' },
      key: { description: 'Key of the Secret to read; required.', minLength: 1 },
    },
  },
  'core/v1.ConfigMapEnvSource': {
    fields: {
      name: { description: 'ConfigMap whose keys become variables; a DNS subdomain.', format: 'dns-subdomain' },
    },
  },
  'core/v1.SecretEnvSource': {
    fields: {
      name: { description: 'Secret whose keys become variables; a DNS subdomain.', format: 'dns-subdomain' },
    },
  },
  'core/v1.ExecAction': {
    fields: {
      command: { description: 'Command line to run in the container, not in a shell; at least one element.', required: true, minItems: 1 },
    },
  },
  'core/v1.EphemeralVolumeSource': {
    fields: {
      volumeClaimTemplate: { description: 'Template of the PersistentVolumeClaim created for the pod; required.', required: true },
    },
  },
  'core/v1.HostPathVolumeSource': {
    fields: {
      path: { description: 'Path on the node; required.', minLength: 1 },
    },
  },
  'core/v1.SecretVolumeSource': {
    fields: {
      secretName: { description: 'Secret to mount, in the pod\'s namespace; required.', required: true, minLength: 1 },
      defaultMode: { description: 'Permission bits of the files, 0 to 0777 (511).', ...FILE_MODE },
    },
  },
  'core/v1.ConfigMapVolumeSource': {
    fields: {
      name: { description: 'ConfigMap to mount, in the pod\'s namespace; required.', required: true, minLength: 1 },
      defaultMode: { description: 'Permission bits of the files, 0 to 0777 (511).', ...FILE_MODE },
    },
  },
  'core/v1.ProjectedVolumeSource': {
    fields: {
      defaultMode: { description: 'Permission bits of the files, 0 to 0777 (511).', ...FILE_MODE },
    },
  },
  'core/v1.DownwardAPIVolumeSource': {
    fields: {
      defaultMode: { description: 'Permission bits of the files, 0 to 0777 (511).', ...FILE_MODE },
    },
  },
  'core/v1.KeyToPath': {
    fields: {
      key: { description: 'Key to project; required.', minLength: 1 },
      path: { description: 'Relative path of the file the key is written to; required.', minLength: 1 },
      mode: { description: 'Permission bits of this file, 0 to 0777 (511).', ...FILE_MODE },
    },
  },
  'core/v1.DownwardAPIVolumeFile': {
    fields: {
      path: { description: 'Relative path of the file; required.', minLength: 1 },
      mode: { description: 'Permission bits of this file, 0 to 0777 (511).', ...FILE_MODE },
    },
  },
  'core/v1.PersistentVolumeClaimVolumeSource': {
    fields: {
      claimName: { description: 'PersistentVolumeClaim in the pod\'s namespace; required.', minLength: 1 },
    },
  },
  'core/v1.NFSVolumeSource': {
    fields: {
      server: { description: 'Host name or IP address of the NFS server; required.', minLength: 1 },
      path: { description: 'Absolute path exported by the NFS server; required.', minLength: 1 },
    },
  },
  // The four fields below are required upstream by type, but no validation function refuses
  // their absence (validateHTTPGetAction, validateSysctls, validateISCSIVolumeSource and
  // validateScaleIOVolumeSource), so the server stores a manifest without them.
  'core/v1.HTTPHeader': {
    fields: {
      value: { description: 'Header value; may be left out (an empty value).', required: false },
    },
  },
  'core/v1.Sysctl': {
    fields: {
      value: { description: 'Value to set; may be left out (an empty value).', required: false },
    },
  },
  'core/v1.ISCSIVolumeSource': {
    fields: {
      lun: { description: 'Target LUN number, 0 to 255; absent means 0.', minimum: 0, maximum: 255, required: false },
    },
  },
  'core/v1.ScaleIOVolumeSource': {
    fields: {
      secretRef: { description: 'Secret with the ScaleIO user credentials; the server does not require it.', required: false },
    },
  },
  'core/v1.CSIVolumeSource': {
    fields: {
      // The server lowercases the name before its DNS-subdomain check, so capitals pass; that
      // check is deployment/volume-names', not a format here (the format is case-sensitive).
      driver: { description: 'Name of the CSI driver: a DNS subdomain of at most 63 characters, compared without regard to case; required.', minLength: 1, maxLength: 63 },
    },
  },
  'core/v1.ServiceAccountTokenProjection': {
    fields: {
      expirationSeconds: { description: 'Requested token lifetime, from 600 (10 minutes) to 4294967296 seconds.', minimum: 600, maximum: 4294967296 },
      path: { description: 'File the token is written to, relative to the mount point; required.', minLength: 1 },
    },
  },
  'core/v1.TopologySpreadConstraint': {
    fields: {
      maxSkew: { description: 'Largest allowed difference in matching pods between domains; at least 1.', minimum: 1 },
      minDomains: { description: 'Minimum number of eligible domains; at least 1, and only with `DoNotSchedule`.', minimum: 1 },
      // Upstream only requires the key to be non-empty here (pod affinity also checks its syntax).
      topologyKey: { description: 'Node label key that defines the topology domain; required and non-empty.', minLength: 1 },
    },
  },
};

// ---------------------------------------------------------------------------------------------
// CompositePodGroup and PodGroup (document B)
// ---------------------------------------------------------------------------------------------

const CPG: SpecRef = 'B CompositePodGroup';
const PG: SpecRef = 'B PodGroup';

/** Types that both scheduling versions share word for word: written once, placed in each. */
function sharedSchedulingTypes(version: string, spec: SpecRef): Overlay {
  return {
    [`scheduling/${version}.TopologyConstraint`]: {
      description: 'Keep the whole group within one topology domain.',
      spec,
      fields: {
        key: { description: 'Node label key that defines the topology domain.', format: 'label-key', spec },
      },
    },
    [`scheduling/${version}.WorkloadReference`]: {
      description: 'Reference to a template inside a Workload in the same namespace.',
      spec,
      fields: {
        workloadName: { description: 'Name of the Workload.', format: 'dns-subdomain', spec },
        templateName: { description: 'Name of the template inside the Workload.', format: 'dns-label', spec },
      },
    },
  };
}

const compositePodGroups: Overlay = {
  ...sharedSchedulingTypes('v1alpha3', CPG),
  'scheduling/v1alpha3.CompositePodGroup': {
    description: 'Runtime instance of a set of pod groups that are scheduled together, created by workload controllers from the composite-pod-group templates of a Workload. Alpha.',
    featureGates: ['CompositePodGroup'],
    spec: CPG,
    fields: {
      ...objectEnvelope('CompositePodGroup', CPG),
      spec: { description: 'Desired state; every field is immutable.', spec: CPG },
      status: { description: 'Observed state, written by the scheduler.', spec: CPG },
    },
  },
  'scheduling/v1alpha3.CompositePodGroupList': listType('CompositePodGroup', CPG),
  'scheduling/v1alpha3.CompositePodGroupSpec': {
    description: 'Desired state of a CompositePodGroup. Fields marked "copied" are filled by controllers from the template; none can change after creation.',
    spec: CPG,
    fields: {
      disruptionMode: {
        description: 'Whether the children may be disrupted independently (`single`) or only together (`all`). The spec names the modes `Single` and `All`; the default is single. Copied from the template.',
        default: { single: {} },
        immutable: true,
        spec: CPG,
      },
      parentCompositePodGroupName: {
        description: 'Name of the parent composite pod group in the same namespace. Unset means this group is the root of the workload\'s hierarchy (at most 4 levels deep).',
        format: 'dns-subdomain',
        immutable: true,
        spec: CPG,
      },
      preemptionPolicy: {
        description: '`Never` never preempts lower-priority pods; `PreemptLowerPriority` may. With the Priority admission controller it is filled from the priority class.',
        default: 'PreemptLowerPriority',
        featureGates: ['PodGroupPreemptionPolicy'],
        immutable: true,
        spec: CPG,
      },
      priority: {
        description: 'Priority value; higher wins. With the Priority admission controller users cannot set it and it is resolved from priorityClassName.',
        maximum: 1000000000,
        immutable: true,
        spec: CPG,
      },
      priorityClassName: {
        description: 'Priority class to use. Copied. When unset it resolves like a pod\'s: the global default class if there is one, otherwise priority 0.',
        format: 'dns-subdomain',
        immutable: true,
        spec: CPG,
      },
      schedulingConstraints: {
        description: 'Optional placement constraints such as topology. Copied.',
        immutable: true,
        spec: CPG,
      },
      schedulingPolicy: {
        description: 'How this group is scheduled: exactly one of `basic` or `gang`. Copied.',
        immutable: true,
        spec: CPG,
      },
      workloadRef: {
        description: 'Points at the composite-pod-group template inside the Workload that created this object.',
        immutable: true,
        spec: CPG,
      },
    },
  },
  'scheduling/v1alpha3.CompositePodGroupStatus': {
    description: 'Observed state of a CompositePodGroup.',
    spec: CPG,
    fields: {
      conditions: {
        description: 'Latest observations, merged by `type`. Known types: `CompositePodGroupInitiallyScheduled` (terminal once True; reasons Unschedulable, SchedulerError, Invalid) and `DisruptionTarget` (reason PreemptionByScheduler).',
        spec: CPG,
      },
    },
  },
  'scheduling/v1alpha3.CompositeDisruptionMode': {
    description: 'Disruption mode of a composite pod group: set exactly one of `single` or `all`.',
    spec: CPG,
    fields: {
      single: { description: 'Children may be disrupted independently of each other.', spec: CPG },
      all: { description: 'Children may only be disrupted together.', spec: CPG },
    },
  },
  'scheduling/v1alpha3.SingleCompositeDisruptionMode': {
    description: 'Children can be disrupted independently; has no fields.',
    spec: CPG,
  },
  'scheduling/v1alpha3.AllCompositeDisruptionMode': {
    description: 'Children can only be disrupted together; has no fields.',
    spec: CPG,
  },
  'scheduling/v1alpha3.CompositePodGroupSchedulingPolicy': {
    description: 'Scheduling policy of a composite pod group: exactly one of `basic` or `gang`.',
    spec: CPG,
    fields: {
      basic: { description: 'Standard scheduling with no group requirement.', spec: CPG },
      gang: { description: 'Gang scheduling: enough child groups must fit together.', spec: CPG },
    },
  },
  'scheduling/v1alpha3.CompositeGangSchedulingPolicy': {
    description: 'Gang policy for a composite pod group.',
    spec: CPG,
    fields: {
      minGroupCount: {
        description: 'Minimum number of child groups that must be schedulable at once. Positive.',
        minimum: 1,
        spec: CPG,
      },
    },
  },
  'scheduling/v1alpha3.CompositeBasicSchedulingPolicy': {
    description: 'Standard scheduling behavior; has no fields.',
    spec: CPG,
  },
  'scheduling/v1alpha3.CompositePodGroupSchedulingConstraints': {
    description: 'Placement constraints of a composite pod group.',
    spec: CPG,
    fields: {
      topology: { description: 'Topology constraint; at most one entry.', maxItems: 1, spec: CPG },
    },
  },
};

const podGroups: Overlay = {
  ...sharedSchedulingTypes('v1beta1', PG),
  'scheduling/v1beta1.PodGroup': {
    description: 'Runtime instance of a group of pods scheduled together, created by workload controllers from the pod-group templates of a Workload. Beta.',
    featureGates: ['GenericWorkload'],
    spec: PG,
    fields: {
      ...objectEnvelope('PodGroup', PG),
      spec: { description: 'Desired state of the pod group.', spec: PG },
      status: { description: 'Observed state, written by the scheduler.', spec: PG },
    },
  },
  'scheduling/v1beta1.PodGroupList': listType('PodGroup', PG),
  'scheduling/v1beta1.PodGroupSpec': {
    description: 'Desired state of a PodGroup. Fields marked "copied" are filled by controllers from the pod-group template. Everything except schedulingPolicy is immutable.',
    spec: PG,
    fields: {
      disruptionMode: {
        description: 'Set exactly one of `single` (children may be disrupted independently) or `all` (only together). Defaults to single. Copied.',
        default: { single: {} },
        immutable: true,
        spec: PG,
      },
      parentCompositePodGroupName: {
        description: 'Name of the parent composite pod group in the same namespace; unset means this group is the root. Only used when CompositePodGroup is enabled.',
        format: 'dns-subdomain',
        featureGates: ['CompositePodGroup'],
        immutable: true,
        spec: PG,
      },
      preemptionPolicy: {
        description: '`Never` never preempts lower-priority pods; `PreemptLowerPriority` may. Filled from the priority class by the Priority admission controller.',
        default: 'PreemptLowerPriority',
        featureGates: ['PodGroupPreemptionPolicy'],
        immutable: true,
        spec: PG,
      },
      priority: {
        description: 'Priority value; higher wins. Resolved from priorityClassName when the Priority admission controller is enabled.',
        maximum: 1000000000,
        immutable: true,
        spec: PG,
      },
      priorityClassName: {
        description: 'Priority class to use. Copied; otherwise resolved like a pod\'s: the global default class, else priority 0.',
        format: 'dns-subdomain',
        immutable: true,
        spec: PG,
      },
      resourceClaims: {
        description: 'ResourceClaims the pods of the group may share. A pod uses a group claim by listing an identical claim (same name and same claim or template) in its own spec.resourceClaims. Merged by `name`. Beta.',
        maxItems: 4,
        featureGates: ['DRAWorkloadResourceClaims'],
        immutable: true,
        spec: PG,
      },
      schedulingConstraints: {
        description: 'Optional placement constraints such as topology. Copied.',
        featureGates: ['TopologyAwareWorkloadScheduling'],
        immutable: true,
        spec: PG,
      },
      schedulingPolicy: {
        description: 'How the group is scheduled: exactly one of `basic` or `gang`. Copied. gang.minCount stays mutable.',
        spec: PG,
      },
      workloadRef: {
        description: 'Points at the pod-group template inside the Workload that created this object.',
        immutable: true,
        spec: PG,
      },
    },
  },
  'scheduling/v1beta1.PodGroupStatus': {
    description: 'Observed state of a PodGroup.',
    spec: PG,
    fields: {
      conditions: {
        description: 'Latest observations, merged by `type`. Known types: `PodGroupInitiallyScheduled` (terminal once True; reasons Unschedulable, SchedulerError) and `DisruptionTarget` (reason PreemptionByScheduler).',
        spec: PG,
      },
      resourceClaimStatuses: {
        description: 'Status of the group\'s resource claims, merged by `name`; each name must match an entry of spec.resourceClaims.',
        featureGates: ['DRAWorkloadResourceClaims'],
        spec: PG,
      },
    },
  },
  'scheduling/v1beta1.PodGroupResourceClaim': {
    description: 'Names one ResourceClaim for the group, directly or through a ResourceClaimTemplate. Exactly one of resourceClaimName and resourceClaimTemplateName must be set.',
    spec: PG,
    fields: {
      name: { description: 'Identifier of this claim within the PodGroup.', format: 'dns-label', spec: PG },
      resourceClaimName: {
        description: 'Existing ResourceClaim in the same namespace, reserved for the PodGroup rather than for its pods.',
        format: 'dns-subdomain',
        spec: PG,
      },
      resourceClaimTemplateName: {
        description: 'ResourceClaimTemplate in the same namespace. A claim is generated from it, bound to the PodGroup, deleted with it, and its name is reported in status.resourceClaimStatuses.',
        format: 'dns-subdomain',
        spec: PG,
      },
    },
  },
  'scheduling/v1beta1.PodGroupResourceClaimStatus': {
    description: 'Which ResourceClaim was generated for one of the group\'s claims.',
    spec: PG,
    fields: {
      // Status is dropped on create; only status writes check it.
      name: { description: 'Name of the entry in spec.resourceClaims this status belongs to.', required: false, spec: PG },
      resourceClaimName: { description: 'Name of the ResourceClaim generated for it.', format: 'dns-subdomain', spec: PG },
    },
  },
  'scheduling/v1beta1.DisruptionMode': {
    description: 'Disruption mode of a pod group: set exactly one of `single` or `all`.',
    spec: PG,
    fields: {
      single: { description: 'Pods may be disrupted independently of each other.', spec: PG },
      all: { description: 'Pods may only be disrupted together.', spec: PG },
    },
  },
  'scheduling/v1beta1.SingleDisruptionMode': {
    description: 'Children can be disrupted independently; has no fields.',
    spec: PG,
  },
  'scheduling/v1beta1.AllDisruptionMode': {
    description: 'Children can only be disrupted together; has no fields.',
    spec: PG,
  },
  'scheduling/v1beta1.PodGroupSchedulingPolicy': {
    description: 'Scheduling policy of a pod group: exactly one of `basic` or `gang`.',
    spec: PG,
    fields: {
      basic: { description: 'Standard scheduling behavior. Cannot be changed after creation.', spec: PG },
      gang: { description: 'Gang scheduling; cannot be added or removed after creation.', spec: PG },
    },
  },
  'scheduling/v1beta1.GangSchedulingPolicy': {
    description: 'All-or-nothing scheduling for a group of pods.',
    spec: PG,
    fields: {
      minCount: {
        description: 'Minimum number of pods that must be schedulable (or already scheduled) together before the group is admitted. Positive and mutable for scaling; only checked while scheduling, and a change may take effect in the next cycle.',
        minimum: 1,
        spec: PG,
      },
    },
  },
  'scheduling/v1beta1.BasicSchedulingPolicy': {
    description: 'Standard scheduling behavior; has no fields.',
    spec: PG,
  },
  'scheduling/v1beta1.PodGroupSchedulingConstraints': {
    description: 'Placement constraints of a pod group.',
    spec: PG,
    fields: {
      topology: { description: 'Topology constraint; at most one entry.', maxItems: 1, spec: PG },
    },
  },
};

// ---------------------------------------------------------------------------------------------
// DeviceTaintRule (document B)
// ---------------------------------------------------------------------------------------------

const DTR: SpecRef = 'B DeviceTaintRule';

const deviceTaintRules: Overlay = {
  'resource/v1.DeviceTaintRule': {
    description: 'Puts one taint on every device that matches a selector, with the same effect as if the DRA driver had published the taint in its ResourceSlice. Cluster-scoped.',
    spec: DTR,
    fields: {
      ...objectEnvelope('DeviceTaintRule', DTR),
      spec: { description: 'Which devices to taint and with what; changing it bumps metadata.generation.', spec: DTR },
      status: { description: 'Observed state of the rule, such as eviction progress.', spec: DTR },
    },
  },
  'resource/v1.DeviceTaintRuleList': listType('DeviceTaintRule', DTR),
  'resource/v1.DeviceTaintRuleSpec': {
    description: 'Desired state of a DeviceTaintRule. Any change increments metadata.generation.',
    spec: DTR,
    fields: {
      deviceSelector: {
        description: 'Which devices receive the taint; every criterion that is set must match. An empty selector matches all devices, a missing one matches none.',
        spec: DTR,
      },
      taint: { description: 'The taint put on every matching device.', spec: DTR },
    },
  },
  'resource/v1.DeviceTaintSelector': {
    description: 'Criteria for picking devices; all criteria that are set must match.',
    spec: DTR,
    fields: {
      device: {
        description: 'Only the device with this name (as in slice.spec.devices[].name). Adding driver and pool may avoid ambiguity. A DNS label upstream.',
        format: 'dns-label',
        spec: DTR,
      },
      driver: {
        description: 'Only devices of this driver (slice.spec.driver). Upstream: a DNS subdomain of at most 63 characters.',
        format: 'dns-subdomain',
        maxLength: 63,
        spec: DTR,
      },
      pool: {
        description: 'Only devices in this pool. Adding the driver may avoid ambiguity, but selecting a pool name across drivers can be useful. Upstream: DNS subdomains joined by `/`, at most 253 characters.',
        maxLength: 253,
        spec: DTR,
      },
    },
  },
  'resource/v1.DeviceTaint': {
    description: 'A taint on a device. It affects claims that do not tolerate it and, through them, the pods that use those claims.',
    spec: DTR,
    fields: {
      effect: {
        description: '`None` is informational only; `NoSchedule` keeps new pods that use the device from being scheduled unless they tolerate it; `NoExecute` also evicts running pods that do not tolerate it. `PreferNoSchedule` is not valid. Consumers treat an unknown effect (written by a newer server) like `None`, but the server refuses any other value on write (the devicetaintrule/taint-effect rule checks it).',
        knownValues: ['None', 'NoSchedule', 'NoExecute'],
        spec: DTR,
      },
      key: { description: 'Taint key, in label-key syntax.', format: 'label-key', spec: DTR },
      timeAdded: {
        description: 'When the taint was added, or (in a DeviceTaintRule only) when its effect last changed. Filled in automatically when unset.',
        spec: DTR,
      },
      value: { description: 'Taint value, in label-value syntax.', format: 'label-value', maxLength: 63, spec: DTR },
    },
  },
  'resource/v1.DeviceTaintRuleStatus': {
    description: 'Observed state of a DeviceTaintRule.',
    spec: DTR,
    fields: {
      conditions: {
        description: 'Latest observations, merged by `type`. `EvictionInProgress` is True while pods still need eviction; its message reports pending and evicted pods. At most 8 on a status-subresource write; the server drops status sent with a create or update, so a manifest is not held to the limit.',
        spec: DTR,
      },
    },
  },
};

// ---------------------------------------------------------------------------------------------
// FlowSchema and PriorityLevelConfiguration (document B)
// ---------------------------------------------------------------------------------------------

const FS: SpecRef = 'B FlowSchema';

const flowSchemas: Overlay = {
  'flowcontrol/v1.FlowSchema': {
    description: 'Defines a group of flows for API priority and fairness: requests with similar attributes, told apart by the schema name plus a flow distinguisher, are sent to one priority level. Cluster-scoped.',
    spec: FS,
    fields: {
      ...objectEnvelope('FlowSchema', FS),
      spec: { description: 'Which requests belong to this schema and where they go.', spec: FS },
      status: { description: 'Observed state of the schema.', spec: FS },
    },
  },
  'flowcontrol/v1.FlowSchemaList': listType('FlowSchema', FS),
  'flowcontrol/v1.FlowSchemaSpec': {
    description: 'Desired behavior of a FlowSchema.',
    spec: FS,
    fields: {
      distinguisherMethod: {
        description: 'How flows inside this schema are told apart. Absent means the distinguisher is always the empty string.',
        spec: FS,
      },
      matchingPrecedence: {
        description: 'Ordering among schemas that match a request: the lowest number wins. 1 is reserved for the `exempt` schema (upstream). The spec asks for 1 to 10000; the server defaults an absent or 0 value to 1000, so 0 is accepted.',
        minimum: 0,
        maximum: 10000,
        default: 1000,
        spec: FS,
      },
      priorityLevelConfiguration: {
        description: 'The PriorityLevelConfiguration that matching requests are assigned to. If it cannot be resolved the schema is ignored and marked invalid in its status.',
        spec: FS,
      },
      rules: {
        description: 'The schema matches a request when at least one rule does. An empty list matches nothing.',
        spec: FS,
      },
    },
  },
  'flowcontrol/v1.FlowSchemaStatus': {
    description: 'Observed state of a FlowSchema.',
    spec: FS,
    fields: {
      conditions: { description: 'Current conditions, merged by `type`.', spec: FS },
    },
  },
  'flowcontrol/v1.FlowSchemaCondition': {
    description: 'One observed condition of a FlowSchema.',
    spec: FS,
    fields: {
      lastTransitionTime: { description: 'When the status last changed.', spec: FS },
      message: { description: 'Human-readable detail about the last transition.', spec: FS },
      reason: { description: 'Unique, one-word CamelCase reason for the last transition.', spec: FS },
      status: { description: 'Whether the condition holds.', enum: CONDITION_STATUS, spec: FS },
      // Status is dropped on create; only status writes check it.
      type: { description: 'Condition type.', knownValues: ['Dangling'], required: false, spec: FS },
    },
  },
  'flowcontrol/v1.FlowDistinguisherMethod': {
    description: 'How to compute the flow distinguisher of a request.',
    spec: FS,
    fields: {
      type: {
        description: 'Distinguish flows by the requesting user or by the namespace of the request.',
        enum: ['ByUser', 'ByNamespace'],
        spec: FS,
      },
    },
  },
  'flowcontrol/v1.PriorityLevelConfigurationReference': {
    description: 'Names the PriorityLevelConfiguration a FlowSchema sends requests to.',
    spec: FS,
    fields: {
      name: {
        description: 'Name of the PriorityLevelConfiguration.',
        format: 'dns-subdomain',
        spec: FS,
      },
    },
  },
  'flowcontrol/v1.PolicyRulesWithSubjects': {
    description: 'A rule that matches a request when at least one subject matches and at least one resource or non-resource rule matches.',
    spec: FS,
    fields: {
      subjects: {
        description: 'Who the rule applies to; at least one entry. Listing both groups `system:authenticated` and `system:unauthenticated` matches every request.',
        minItems: 1,
        spec: FS,
      },
      resourceRules: {
        description: 'Rules for resource requests. This or nonResourceRules must be non-empty.',
        spec: FS,
      },
      nonResourceRules: {
        description: 'Rules for non-resource requests. This or resourceRules must be non-empty.',
        spec: FS,
      },
    },
  },
  'flowcontrol/v1.Subject': {
    description: 'Who a request comes from: a user, a group or a service account. `kind` says which member is set.',
    spec: FS,
    fields: {
      kind: {
        description: 'Which of the other fields is set.',
        enum: ['User', 'Group', 'ServiceAccount'],
        spec: FS,
      },
      user: { description: 'Matches a user; set when kind is User.', spec: FS },
      group: { description: 'Matches a group; set when kind is Group.', spec: FS },
      serviceAccount: { description: 'Matches a service account; set when kind is ServiceAccount.', spec: FS },
    },
  },
  'flowcontrol/v1.UserSubject': {
    description: 'A user to match.',
    spec: FS,
    fields: {
      name: { description: 'User name to match, or `*` for every user.', spec: FS },
    },
  },
  'flowcontrol/v1.GroupSubject': {
    description: 'A user group to match.',
    spec: FS,
    fields: {
      name: { description: 'Group to match, or `*` for every group.', spec: FS },
    },
  },
  'flowcontrol/v1.ServiceAccountSubject': {
    description: 'A service account to match.',
    spec: FS,
    fields: {
      name: { description: 'ServiceAccount name, or `*` for any name.', spec: FS },
      namespace: { description: 'Namespace of the ServiceAccount.', format: 'dns-label', spec: FS },
    },
  },
  'flowcontrol/v1.ResourcePolicyRule': {
    description: 'Matches a resource request when verb, API group and resource match, and either the request is cluster-wide and clusterScope is true, or its namespace is listed (or `*` is).',
    spec: FS,
    fields: {
      apiGroups: {
        description: 'API groups to match; non-empty. `*` matches every group and must then be the only entry.',
        minItems: 1,
        spec: FS,
      },
      clusterScope: {
        description: 'Match requests that carry no namespace (cluster-scoped resources, or requests across all namespaces). When false or unset, namespaces must be non-empty.',
        spec: FS,
      },
      namespaces: {
        description: 'Namespaces to match; `*` matches any namespace but not a request without one. May be empty only when clusterScope is true.',
        spec: FS,
      },
      resources: {
        description: 'Lowercase plural resources to match, optionally with a subresource (e.g. `deployments/status`); non-empty. `*` must be the only entry when used.',
        minItems: 1,
        spec: FS,
      },
      verbs: {
        description: 'Verbs to match; non-empty. `*` must be the only entry when used.',
        minItems: 1,
        spec: FS,
      },
    },
  },
  'flowcontrol/v1.NonResourcePolicyRule': {
    description: 'Matches a non-resource request when both a verb and a URL prefix match.',
    spec: FS,
    fields: {
      nonResourceURLs: {
        description: 'URL prefixes to match; non-empty. A trailing `/*` matches everything below a path; any other `*` except a lone `*` (which must be the only entry) is invalid.',
        minItems: 1,
        spec: FS,
      },
      verbs: {
        description: 'Verbs to match; non-empty. `*` must be the only entry when used.',
        minItems: 1,
        spec: FS,
      },
    },
  },
  'flowcontrol/v1.PriorityLevelConfiguration': {
    description: 'A priority level for API priority and fairness: how much concurrency requests assigned to it get, and what happens to the excess. Referenced by FlowSchemas. Cluster-scoped.',
    spec: FS,
    fields: {
      ...objectEnvelope('PriorityLevelConfiguration', FS),
      spec: { description: 'Configuration of the priority level.', spec: FS },
      status: { description: 'Observed state of the priority level.', spec: FS },
    },
  },
  'flowcontrol/v1.PriorityLevelConfigurationList': listType('PriorityLevelConfiguration', FS),
  'flowcontrol/v1.PriorityLevelConfigurationSpec': {
    description: 'Configuration of a priority level: `type` says whether it is `Limited` or `Exempt`, and the matching member holds the details.',
    spec: FS,
    fields: {
      type: {
        description: '`Exempt` requests are never limited; `Limited` requests share a bounded concurrency budget.',
        enum: ['Exempt', 'Limited'],
        spec: FS,
      },
      limited: { description: 'Settings for a limited level; set when type is Limited.', spec: FS },
      exempt: { description: 'Settings for an exempt level; allowed only when type is Exempt.', spec: FS },
    },
  },
  'flowcontrol/v1.LimitedPriorityLevelConfiguration': {
    description: 'Concurrency limits of a limited priority level.',
    spec: FS,
    fields: {
      nominalConcurrencyShares: { description: 'Share of the server\'s concurrency limit this level is nominally entitled to.', default: 30, spec: FS },
      limitResponse: { description: 'What to do with requests that cannot run right away.', spec: FS },
      lendablePercent: { description: 'Percentage of the nominal concurrency other levels may borrow.', default: 0, spec: FS },
      borrowingLimitPercent: { description: 'Upper limit, as a percentage of the nominal concurrency, on what this level may borrow.', spec: FS },
    },
  },
  'flowcontrol/v1.ExemptPriorityLevelConfiguration': {
    description: 'Settings of an exempt priority level.',
    spec: FS,
    fields: {
      nominalConcurrencyShares: { description: 'Share of the concurrency limit nominally reserved for this level.', spec: FS },
      lendablePercent: { description: 'Percentage of the nominal concurrency other levels may borrow.', spec: FS },
    },
  },
  'flowcontrol/v1.LimitResponse': {
    description: 'Handling of requests that exceed the concurrency of a limited level.',
    spec: FS,
    fields: {
      type: { description: '`Queue` holds excess requests in queues; `Reject` fails them at once.', enum: ['Queue', 'Reject'], spec: FS },
      queuing: { description: 'Queue parameters; set when type is Queue.', spec: FS },
    },
  },
  'flowcontrol/v1.QueuingConfiguration': {
    description: 'Queue parameters of a limited priority level.',
    spec: FS,
    fields: {
      // 0 (or nothing) takes the default, so the ranges start at 0 (upstream validation); the
      // defaulter fills queues and handSize before validation compares them.
      queues: { description: 'Number of queues of the level; 0 takes the default, 64. At most 10,000,000.', minimum: 0, maximum: 10_000_000, default: 64, spec: FS },
      handSize: { description: 'How many queues each flow is shuffle-sharded over; 0 takes the default, 8.', minimum: 0, default: 8, spec: FS },
      queueLengthLimit: { description: 'Maximum number of requests waiting in one queue; 0 takes the default, 50.', minimum: 0, spec: FS },
    },
  },
  'flowcontrol/v1.PriorityLevelConfigurationStatus': {
    description: 'Observed state of a priority level.',
    spec: FS,
    fields: {
      conditions: { description: 'Current conditions, merged by `type`.', spec: FS },
    },
  },
  'flowcontrol/v1.PriorityLevelConfigurationCondition': {
    description: 'One observed condition of a priority level.',
    spec: FS,
    fields: {
      lastTransitionTime: { description: 'When the status last changed.', spec: FS },
      message: { description: 'Human-readable detail about the last transition.', spec: FS },
      reason: { description: 'One-word CamelCase reason for the last transition.', spec: FS },
      status: { description: 'Whether the condition holds.', enum: CONDITION_STATUS, spec: FS },
      // Status is dropped on create; only status writes check it.
      type: { description: 'Condition type.', knownValues: ['ConcurrencyShared'], required: false, spec: FS },
    },
  },
};

// ---------------------------------------------------------------------------------------------
// MutatingAdmissionPolicy (document C)
// ---------------------------------------------------------------------------------------------

const MAP: SpecRef = 'C MutatingAdmissionPolicy';

const mutatingAdmissionPolicies: Overlay = {
  'admissionregistration/v1.MutatingAdmissionPolicy': {
    description: 'An admission mutation policy: CEL expressions that change matching objects on their way into the cluster, by an apply configuration or a JSON patch. It acts only through MutatingAdmissionPolicyBindings. Cluster-scoped.',
    spec: MAP,
    fields: {
      ...objectEnvelope('MutatingAdmissionPolicy', MAP),
      // A Go struct, not a pointer: a policy without one is validated as one with an empty spec.
      spec: { description: 'What the policy matches and how it mutates. The policy has no status.', required: true, spec: MAP },
    },
  },
  'admissionregistration/v1.MutatingAdmissionPolicyList': listType('MutatingAdmissionPolicy', MAP),
  'admissionregistration/v1.MutatingAdmissionPolicySpec': {
    description: 'Desired behavior of a MutatingAdmissionPolicy.',
    spec: MAP,
    fields: {
      failurePolicy: {
        description: 'What happens on errors (CEL parse, type-check or runtime errors, or a misconfigured policy or binding): `Fail` rejects the request, `Ignore` skips the policy.',
        default: 'Fail',
        spec: MAP,
      },
      matchConditions: {
        description: 'Extra CEL filters on requests already matched by matchConstraints, evaluated in order: any false skips the policy, all true runs it; an error with no false is handled by failurePolicy. Empty matches everything. Merged by `name`.',
        maxItems: 64,
        spec: MAP,
      },
      matchConstraints: {
        description: 'Which requests the policy applies to; all constraints must match. Only CREATE, UPDATE and CONNECT can be matched (`*` stands for those), never DELETE, and never the admission policy kinds themselves.',
        required: true,
        spec: MAP,
      },
      mutations: {
        description: 'Mutations to apply, in order; at least one. They are reinvoked per binding as reinvocationPolicy says.',
        required: true,
        minItems: 1,
        spec: MAP,
      },
      paramKind: {
        description: 'Kind of the resource that parameterizes the policy. Without it the `params` CEL variable is absent; if a binding sets no paramRef, `params` is null. A kind that does not exist makes the policy misconfigured.',
        spec: MAP,
      },
      reinvocationPolicy: {
        description: '`Never` runs the mutations at most once per binding in an admission; `IfNeeded` may run them again when later plugins changed the object (with no ordering guarantee).',
        required: true,
        spec: MAP,
      },
      variables: {
        description: 'Named CEL expressions, usable as `variables.<name>` in later variables and in mutations (not in matchConditions). A variable may only refer to earlier ones.',
        spec: MAP,
      },
    },
  },
  'admissionregistration/v1.Mutation': {
    description: 'One mutation: the patch type and the matching patch expression.',
    spec: MAP,
    fields: {
      patchType: {
        description: 'Which kind of patch this is; the member of the same name must be set and the other left out.',
        spec: MAP,
      },
      applyConfiguration: {
        description: 'Patch as an apply configuration merged with structured merge diff; used when patchType is `ApplyConfiguration`.',
        spec: MAP,
      },
      jsonPatch: {
        description: 'Patch as a list of JSON Patch operations; used when patchType is `JSONPatch`.',
        spec: MAP,
      },
    },
  },
  'admissionregistration/v1.ApplyConfiguration': {
    description: 'A CEL expression that builds an apply configuration for the object.',
    spec: MAP,
    fields: {
      expression: {
        description: 'CEL expression that initializes an `Object{...}` value (nested types `Object.<field>`) to merge into the request object. It cannot change atomic structs, maps or lists.',
        required: true,
        cel: 'admission.applyConfiguration',
        spec: MAP,
      },
    },
  },
  'admissionregistration/v1.JSONPatch': {
    description: 'A CEL expression that produces JSON Patch operations for the object.',
    spec: MAP,
    fields: {
      expression: {
        description: 'CEL expression returning a list of `JSONPatch{op, path, from, value}` values. `path` and `from` are JSON pointers; `jsonpatch.escapeKey` escapes `~` and `/` in keys.',
        required: true,
        cel: 'admission.jsonPatch',
        spec: MAP,
      },
    },
  },
  'admissionregistration/v1.MatchCondition': {
    description: 'A named CEL filter that must be true for the request to be handled.',
    spec: MAP,
    fields: {
      name: {
        description: 'Identifier of the condition, unique within the list; a qualified name.',
        format: 'label-key',
        spec: MAP,
      },
      expression: {
        description: 'CEL expression returning a bool, over object, oldObject, request, params and authorizer.',
        cel: 'admission.matchCondition',
        spec: MAP,
      },
    },
  },
  'admissionregistration/v1.Variable': {
    description: 'A named CEL expression whose result can be reused by other expressions.',
    spec: MAP,
    fields: {
      name: { description: 'Variable name, a CEL identifier; referenced as `variables.<name>`.', spec: MAP },
      expression: { description: 'CEL expression computing the value; evaluated lazily.', cel: 'admission.variable', spec: MAP },
    },
  },
  'admissionregistration/v1.ParamKind': {
    description: 'The group/version and kind of the parameter resource.',
    spec: MAP,
    fields: {
      apiVersion: { description: 'API group/version of the parameter resource, e.g. `v1` or `example.com/v1`.', spec: MAP },
      kind: { description: 'Kind of the parameter resource.', spec: MAP },
    },
  },
  'admissionregistration/v1.MatchResources': {
    description: 'Selects requests by namespace labels, object labels and resource rules.',
    spec: MAP,
    fields: {
      namespaceSelector: {
        description: 'Matches on the labels of the object\'s namespace (or the Namespace itself). Empty matches everything.',
        default: {},
        spec: MAP,
      },
      objectSelector: {
        description: 'Matches on the labels of the object or of the old object. Empty matches everything.',
        default: {},
        spec: MAP,
      },
      resourceRules: {
        description: 'Operations and resources to match; a request must match at least one rule. At least one rule is needed in a policy.',
        spec: MAP,
      },
      excludeResourceRules: {
        description: 'Operations and resources to leave out, even if resourceRules match.',
        spec: MAP,
      },
      matchPolicy: {
        description: '`Exact` matches only the listed group/version/resource; `Equivalent` also matches the same resource served under other versions.',
        default: 'Equivalent',
        spec: MAP,
      },
    },
  },
  'admissionregistration/v1.NamedRuleWithOperations': {
    description: 'Operations on resources, optionally limited to some object names.',
    spec: MAP,
    fields: {
      resourceNames: { description: 'Object names to match; empty means every name.', spec: MAP },
      operations: {
        description: 'Operations to match: CREATE, UPDATE, CONNECT, or `*` alone. DELETE is not allowed in a policy\'s matchConstraints.',
        spec: MAP,
      },
      apiGroups: { description: 'API groups to match; `*` alone matches every group.', spec: MAP },
      apiVersions: { description: 'API versions to match; `*` alone matches every version.', spec: MAP },
      resources: {
        description: 'Resources to match: `res`, `res/sub`, `res/*`, `*` (no subresources) or `*/*` (everything).',
        spec: MAP,
      },
      scope: {
        description: 'Restrict to `Cluster`-scoped or `Namespaced` resources, or `*` for both.',
        default: '*',
        spec: MAP,
      },
    },
  },
  'admissionregistration/v1.MutatingAdmissionPolicyBinding': {
    description: 'Binds a MutatingAdmissionPolicy to parameters and, optionally, narrows which requests it applies to. A policy without bindings does nothing. Cluster-scoped.',
    spec: MAP,
    fields: {
      ...objectEnvelope('MutatingAdmissionPolicyBinding', MAP),
      // A Go struct, not a pointer: a binding without one is validated as one with an empty spec.
      spec: { description: 'Which policy is bound, with which parameters and scope.', required: true, spec: MAP },
    },
  },
  'admissionregistration/v1.MutatingAdmissionPolicyBindingList': listType('MutatingAdmissionPolicyBinding', MAP),
  'admissionregistration/v1.MutatingAdmissionPolicyBindingSpec': {
    description: 'Desired behavior of a MutatingAdmissionPolicyBinding.',
    spec: MAP,
    fields: {
      policyName: {
        description: 'Name of the MutatingAdmissionPolicy to bind. Required upstream, and a DNS subdomain like the policy names it can refer to.',
        required: true,
        format: 'dns-subdomain',
        spec: MAP,
      },
      paramRef: {
        description: 'Where to find the parameter resources; each one found is a separate invocation of the policy.',
        spec: MAP,
      },
      matchResources: {
        description: 'Further narrows the requests the policy applies to through this binding. Absent matches whatever the policy matches.',
        spec: MAP,
      },
    },
  },
  'admissionregistration/v1.ParamRef': {
    description: 'Locates the parameter resources of a binding: by name or by label selector (exactly one of them).',
    spec: MAP,
    fields: {
      name: { description: 'Name of the single parameter resource.', format: 'path-segment', spec: MAP },
      namespace: {
        description: 'Namespace of the parameter resources; when unset, the namespace of the request. Must be unset for cluster-scoped parameter kinds. Upstream checks it only as a path segment (admission/param-ref warns when it cannot name a namespace).',
        format: 'path-segment',
        spec: MAP,
      },
      selector: {
        description: 'Selects every matching parameter resource; `{}` selects all. Each one is a separate invocation.',
        spec: MAP,
      },
      parameterNotFoundAction: {
        description: 'What to do when no parameter resource is found: `Allow` skips the binding, `Deny` fails per failurePolicy.',
        enum: ['Allow', 'Deny'],
        default: 'Deny',
        spec: MAP,
      },
    },
  },
};

export const resourceKindsOverlay: Overlay = {
  ...shared,
  ...endpoints,
  ...events,
  ...deployments,
  ...podTemplate,
  ...compositePodGroups,
  ...podGroups,
  ...deviceTaintRules,
  ...flowSchemas,
  ...mutatingAdmissionPolicies,
};
