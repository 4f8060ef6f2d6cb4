// The overlay of deployment and Scale (document A).
import type { Overlay } from '../../overlay-types.js';
import { objectEnvelope, listType, CONDITION_STATUS } from './envelope.js';

export const deployments: Overlay = {
  'apps/v1.Deployment': {
    description:
      'Declarative updates for Pods and ReplicaSets: the controller rolls the running pods toward the desired template and replica count.',
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
        description:
          'How long a new pod must be ready, with no container crashing, before it counts as available. 0 means as soon as it is ready. Must stay below progressDeadlineSeconds (upstream).',
        default: 0,
        minimum: 0,
        spec: 'A Deployment',
      },
      paused: { description: 'Pauses the rollout while true.', spec: 'A Deployment' },
      progressDeadlineSeconds: {
        description:
          'Seconds the rollout may go without progress before it is reported failed (condition reason `ProgressDeadlineExceeded`). The controller keeps working on it; no progress is measured while paused. Must exceed minReadySeconds (upstream).',
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
        description:
          'Label selector for the pods; must match the labels of the pod template. ReplicaSets whose pods it selects are affected. Immutable upstream.',
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
        description:
          '`Recreate` kills all existing pods before new ones are created; `RollingUpdate` scales the new ReplicaSet up while scaling the old ones down.',
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
        description:
          'How many pods may exist above the desired count during the update: a number or a percentage of the desired pods (rounded up). Cannot be 0 when maxUnavailable is 0.',
        format: 'int-or-percent',
        default: '25%',
        spec: 'A Deployment',
      },
      maxUnavailable: {
        description:
          'How many pods may be unavailable during the update: a number or a percentage of the desired pods (rounded down; at most 100% upstream). Cannot be 0 when maxSurge is 0.',
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
    description: "One aspect of a Deployment's state at a point in time.",
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
      replicas: {
        description: 'Number of instances actually observed.',
        required: false,
        spec: 'A Deployment resource operations',
      },
      selector: {
        description: 'Label selector of the pods counted in replicas, in serialized string form.',
        spec: 'A Deployment resource operations',
      },
    },
  },
};
