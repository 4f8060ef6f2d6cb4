import { RuleTester } from '@platlint/core/testing';
import rule from './containers-required.js';

const deployment = (template: string): string => `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
${template}`;

RuleTester.run(rule, {
  valid: [{ yaml: deployment('    spec:\n      containers: [{name: app, image: nginx:1.27}]\n') }],
  invalid: [
    {
      name: 'an empty list',
      yaml: deployment('    spec:\n      containers: []\n'),
      errors: [{ path: 'spec.template.spec.containers', messageId: 'noContainers', line: 9, column: 19 }],
    },
    {
      name: 'no pod spec at all',
      yaml: deployment(''),
      errors: [{ path: 'spec.template.spec.containers', messageId: 'noPodSpec', line: 6 }],
    },
  ],
});
