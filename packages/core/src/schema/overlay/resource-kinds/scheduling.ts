// The overlay of compositePodGroup and PodGroup (document B).
import type { Overlay, SpecRef } from '../../overlay-types.js';
import { objectEnvelope, listType } from './envelope.js';

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

export const compositePodGroups: Overlay = {
  ...sharedSchedulingTypes('v1alpha3', CPG),
  'scheduling/v1alpha3.CompositePodGroup': {
    description:
      'Runtime instance of a set of pod groups that are scheduled together, created by workload controllers from the composite-pod-group templates of a Workload. Alpha.',
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
    description:
      'Desired state of a CompositePodGroup. Fields marked "copied" are filled by controllers from the template; none can change after creation.',
    spec: CPG,
    fields: {
      disruptionMode: {
        description:
          'Whether the children may be disrupted independently (`single`) or only together (`all`). The spec names the modes `Single` and `All`; the default is single. Copied from the template.',
        default: { single: {} },
        immutable: true,
        spec: CPG,
      },
      parentCompositePodGroupName: {
        description:
          "Name of the parent composite pod group in the same namespace. Unset means this group is the root of the workload's hierarchy (at most 4 levels deep).",
        format: 'dns-subdomain',
        immutable: true,
        spec: CPG,
      },
      preemptionPolicy: {
        description:
          '`Never` never preempts lower-priority pods; `PreemptLowerPriority` may. With the Priority admission controller it is filled from the priority class.',
        default: 'PreemptLowerPriority',
        featureGates: ['PodGroupPreemptionPolicy'],
        immutable: true,
        spec: CPG,
      },
      priority: {
        description:
          'Priority value; higher wins. With the Priority admission controller users cannot set it and it is resolved from priorityClassName.',
        maximum: 1000000000,
        immutable: true,
        spec: CPG,
      },
      priorityClassName: {
        description:
          "Priority class to use. Copied. When unset it resolves like a pod's: the global default class if there is one, otherwise priority 0.",
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
        description:
          'Latest observations, merged by `type`. Known types: `CompositePodGroupInitiallyScheduled` (terminal once True; reasons Unschedulable, SchedulerError, Invalid) and `DisruptionTarget` (reason PreemptionByScheduler).',
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

export const podGroups: Overlay = {
  ...sharedSchedulingTypes('v1beta1', PG),
  'scheduling/v1beta1.PodGroup': {
    description:
      'Runtime instance of a group of pods scheduled together, created by workload controllers from the pod-group templates of a Workload. Beta.',
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
    description:
      'Desired state of a PodGroup. Fields marked "copied" are filled by controllers from the pod-group template. Everything except schedulingPolicy is immutable.',
    spec: PG,
    fields: {
      disruptionMode: {
        description:
          'Set exactly one of `single` (children may be disrupted independently) or `all` (only together). Defaults to single. Copied.',
        default: { single: {} },
        immutable: true,
        spec: PG,
      },
      parentCompositePodGroupName: {
        description:
          'Name of the parent composite pod group in the same namespace; unset means this group is the root. Only used when CompositePodGroup is enabled.',
        format: 'dns-subdomain',
        featureGates: ['CompositePodGroup'],
        immutable: true,
        spec: PG,
      },
      preemptionPolicy: {
        description:
          '`Never` never preempts lower-priority pods; `PreemptLowerPriority` may. Filled from the priority class by the Priority admission controller.',
        default: 'PreemptLowerPriority',
        featureGates: ['PodGroupPreemptionPolicy'],
        immutable: true,
        spec: PG,
      },
      priority: {
        description:
          'Priority value; higher wins. Resolved from priorityClassName when the Priority admission controller is enabled.',
        maximum: 1000000000,
        immutable: true,
        spec: PG,
      },
      priorityClassName: {
        description: "Priority class to use. Copied; otherwise resolved like a pod's: the global default class, else priority 0.",
        format: 'dns-subdomain',
        immutable: true,
        spec: PG,
      },
      resourceClaims: {
        description:
          'ResourceClaims the pods of the group may share. A pod uses a group claim by listing an identical claim (same name and same claim or template) in its own spec.resourceClaims. Merged by `name`. Beta.',
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
        description:
          'Latest observations, merged by `type`. Known types: `PodGroupInitiallyScheduled` (terminal once True; reasons Unschedulable, SchedulerError) and `DisruptionTarget` (reason PreemptionByScheduler).',
        spec: PG,
      },
      resourceClaimStatuses: {
        description:
          "Status of the group's resource claims, merged by `name`; each name must match an entry of spec.resourceClaims.",
        featureGates: ['DRAWorkloadResourceClaims'],
        spec: PG,
      },
    },
  },
  'scheduling/v1beta1.PodGroupResourceClaim': {
    description:
      'Names one ResourceClaim for the group, directly or through a ResourceClaimTemplate. Exactly one of resourceClaimName and resourceClaimTemplateName must be set.',
    spec: PG,
    fields: {
      name: { description: 'Identifier of this claim within the PodGroup.', format: 'dns-label', spec: PG },
      resourceClaimName: {
        description: 'Existing ResourceClaim in the same namespace, reserved for the PodGroup rather than for its pods.',
        format: 'dns-subdomain',
        spec: PG,
      },
      resourceClaimTemplateName: {
        description:
          'ResourceClaimTemplate in the same namespace. A claim is generated from it, bound to the PodGroup, deleted with it, and its name is reported in status.resourceClaimStatuses.',
        format: 'dns-subdomain',
        spec: PG,
      },
    },
  },
  'scheduling/v1beta1.PodGroupResourceClaimStatus': {
    description: "Which ResourceClaim was generated for one of the group's claims.",
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
        description:
          'Minimum number of pods that must be schedulable (or already scheduled) together before the group is admitted. Positive and mutable for scaling; only checked while scheduling, and a change may take effect in the next cycle.',
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
