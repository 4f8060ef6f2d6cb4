import { RuleTester } from '@platlint/core/testing';
import rule from './gated-field.js';

const podGroup = (extra: string): string => `apiVersion: scheduling.plat.io/v1beta1
kind: PodGroup
metadata: {name: trainers, namespace: ml}
spec:
  schedulingPolicy: {gang: {minCount: 4}}
${extra}`;

const claims = '  resourceClaims:\n  - {name: gpus, resourceClaimTemplateName: gpu-template}\n';

RuleTester.run(rule, {
  valid: [
    { name: 'no gated field', yaml: podGroup('') },
    { name: 'gate enabled in the configuration', yaml: podGroup(claims), featureGates: { DRAWorkloadResourceClaims: true } },
  ],
  invalid: [
    {
      name: 'gate not configured: a warning naming it',
      yaml: podGroup(claims),
      errors: [{ path: 'spec.resourceClaims', severity: 'warning', line: 6, column: 3, message: '"resourceClaims" is served only with feature gate DRAWorkloadResourceClaims (on by default); set it in platlint.config.yaml featureGates to say what the cluster runs' }],
    },
    {
      name: 'gate disabled in the configuration: an error',
      yaml: podGroup(claims),
      featureGates: { DRAWorkloadResourceClaims: false },
      errors: [{ path: 'spec.resourceClaims', severity: 'error', message: '"resourceClaims" needs feature gate DRAWorkloadResourceClaims, which the configuration disables; the server would drop or reject it' }],
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
      errors: [{ path: 'status.terminatingReplicas', severity: 'warning', message: /feature gate DeploymentReplicaSetTerminatingReplicas \(off by default\)/ }],
    },
    {
      name: 'deep in a pod template',
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
      errors: [{ path: 'spec.template.spec.containers[0].resizePolicy', severity: 'warning', message: /feature gate InPlacePodVerticalScaling/ }],
    },
  ],
});
