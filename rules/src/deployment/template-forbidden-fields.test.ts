import { RuleTester } from '@platlint/core/testing';
import rule from './template-forbidden-fields.js';

const deployment = (extra: string): string => `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
${extra}      containers: [{name: app, image: nginx:1.27}]
`;

RuleTester.run(rule, {
  valid: [
    { yaml: deployment('') },
    { name: 'an empty ephemeralContainers list', yaml: deployment('      ephemeralContainers: []\n') },
  ],
  invalid: [
    {
      name: 'activeDeadlineSeconds',
      yaml: deployment('      activeDeadlineSeconds: 3600\n'),
      errors: [{ path: 'spec.template.spec.activeDeadlineSeconds', messageId: 'activeDeadlineSeconds', line: 9, column: 7 }],
    },
    {
      name: 'an ephemeral container',
      yaml: deployment('      ephemeralContainers: [{name: debug, image: busybox:1.36}]\n'),
      errors: [{ path: 'spec.template.spec.ephemeralContainers', messageId: 'ephemeralContainers', line: 9, column: 7 }],
    },
  ],
});
