import { RuleTester } from '@platlint/core/testing';
import rule from './container-image.js';

const deployment = (pod: string): string => `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
${pod}`;

RuleTester.run(rule, {
  valid: [{ yaml: deployment('      initContainers: [{name: init, image: busybox:1.36}]\n      containers: [{name: app, image: nginx:1.27}]\n') }],
  invalid: [
    {
      name: 'missing in a container and empty in an init container',
      yaml: deployment('      initContainers:\n      - {name: init, image: ""}\n      containers:\n      - name: app\n'),
      errors: [
        { path: 'spec.template.spec.initContainers[0].image', message: 'container "init" has no image; set image to the image to run', line: 10, column: 29 },
        { path: 'spec.template.spec.containers[0].image', message: 'container "app" has no image; set image to the image to run', line: 12 },
      ],
    },
    {
      name: 'whitespace around the image: the server checks that on Pods only, so a warning on a template',
      yaml: deployment('      initContainers:\n      - {name: init, image: " "}\n      containers:\n      - {name: app, image: "nginx:1.27 "}\n'),
      errors: [
        { severity: 'warning', path: 'spec.template.spec.initContainers[0].image', message: 'the image of container "init" has leading or trailing whitespace; the Deployment is accepted, but its pods are refused, so remove the spaces', line: 10 },
        { severity: 'warning', path: 'spec.template.spec.containers[0].image', message: /^the image of container "app" has leading or trailing whitespace/, line: 12 },
      ],
    },
  ],
});
