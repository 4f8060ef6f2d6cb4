import { RuleTester } from '@platlint/core/testing';
import rule from './gated-field.js';

const podGroup = (extra: string): string => `apiVersion: scheduling.plat.io/v1beta1
kind: PodGroup
metadata: {name: trainers, namespace: ml}
spec:
  schedulingPolicy: {gang: {minCount: 4}}
${extra}`;

const claims = '  resourceClaims:\n  - {name: gpus, resourceClaimTemplateName: gpu-template}\n';

const preemption = '  preemptionPolicy: Never\n';

RuleTester.run(rule, {
  valid: [
    { name: 'no gated field', yaml: podGroup('') },
    { name: 'gate enabled in the configuration', yaml: podGroup(claims), featureGates: { DRAWorkloadResourceClaims: true } },
    {
      name: 'a gate off by default, enabled in the configuration',
      yaml: podGroup(preemption),
      featureGates: { PodGroupPreemptionPolicy: true },
    },
  ],
  invalid: [
    {
      name: 'gate on by default, not configured: info naming it',
      yaml: podGroup(claims),
      errors: [
        {
          path: 'spec.resourceClaims',
          severity: 'info',
          line: 6,
          column: 3,
          messageId: 'servedOnly',
          data: { field: 'resourceClaims', state: 'DRAWorkloadResourceClaims (on by default)' },
        },
      ],
    },
    {
      name: 'gate disabled in the configuration, field the server drops: a warning',
      yaml: podGroup(claims),
      featureGates: { DRAWorkloadResourceClaims: false },
      errors: [
        {
          path: 'spec.resourceClaims',
          severity: 'warning',
          messageId: 'dropped',
          data: { field: 'resourceClaims', why: 'DRAWorkloadResourceClaims (disabled by the configuration)' },
        },
      ],
    },
    {
      name: 'gate off by default, field the server refuses: an error',
      yaml: podGroup(preemption),
      errors: [
        {
          path: 'spec.preemptionPolicy',
          severity: 'error',
          line: 6,
          column: 3,
          messageId: 'refused',
          data: { field: 'preemptionPolicy', why: 'PodGroupPreemptionPolicy (off by default)' },
        },
      ],
    },
    {
      name: 'a refused field whose gate the configuration disables',
      yaml: podGroup('  parentCompositePodGroupName: root\n'),
      featureGates: { CompositePodGroup: false },
      errors: [
        {
          path: 'spec.parentCompositePodGroupName',
          severity: 'error',
          messageId: 'refused',
          data: { field: 'parentCompositePodGroupName', why: 'CompositePodGroup (disabled by the configuration)' },
        },
      ],
    },
    {
      name: 'the refusal comes from the reference: a CompositePodGroup preemptionPolicy',
      yaml: `apiVersion: scheduling.plat.io/v1alpha3
kind: CompositePodGroup
metadata: {name: root, namespace: ml}
spec:
  workloadRef: {workloadName: train, templateName: root}
  schedulingPolicy: {basic: {}}
  preemptionPolicy: Never
`,
      featureGates: { CompositePodGroup: true },
      errors: [
        {
          path: 'spec.preemptionPolicy',
          severity: 'error',
          messageId: 'refused',
          data: { field: 'preemptionPolicy', why: 'PodGroupPreemptionPolicy (off by default)' },
        },
      ],
    },
    {
      name: 'the gate default follows the configured release (alpha, off, before 1.35)',
      release: '1.34',
      yaml: `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: web, image: nginx}]
status:
  terminatingReplicas: 1
`,
      errors: [
        {
          path: 'status.terminatingReplicas',
          severity: 'warning',
          message:
            /feature gate DeploymentReplicaSetTerminatingReplicas \(off by default\); with the gate off the server drops the field/,
        },
      ],
    },
    {
      name: 'deep in a pod template, a gate on by default at the release: info',
      yaml: `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
      - name: web
        image: nginx
        resizePolicy: [{resourceName: cpu, restartPolicy: NotRequired}]
`,
      errors: [
        {
          path: 'spec.template.spec.containers[0].resizePolicy',
          severity: 'info',
          message: /feature gate InPlacePodVerticalScaling \(on by default\)/,
        },
      ],
    },
  ],
});
