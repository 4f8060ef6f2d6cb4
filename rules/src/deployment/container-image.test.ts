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
  valid: [
    {
      yaml: deployment(
        '      initContainers: [{name: init, image: busybox:1.36}]\n      containers: [{name: app, image: nginx:1.27}]\n',
      ),
    },
  ],
  invalid: [
    {
      name: 'missing in a container and empty in an init container',
      yaml: deployment('      initContainers:\n      - {name: init, image: ""}\n      containers:\n      - name: app\n'),
      errors: [
        {
          path: 'spec.template.spec.initContainers[0].image',
          messageId: 'noImage',
          data: { container: '"init"' },
          line: 10,
          column: 29,
        },
        { path: 'spec.template.spec.containers[0].image', messageId: 'noImage', data: { container: '"app"' }, line: 12 },
      ],
    },
    {
      name: 'whitespace around the image: the server checks that on Pods only, so a warning on a template',
      yaml: deployment(
        '      initContainers:\n      - {name: init, image: " "}\n      containers:\n      - {name: app, image: "nginx:1.27 "}\n',
      ),
      errors: [
        {
          severity: 'warning',
          path: 'spec.template.spec.initContainers[0].image',
          messageId: 'imageWhitespace',
          data: { container: '"init"' },
          line: 10,
        },
        {
          severity: 'warning',
          path: 'spec.template.spec.containers[0].image',
          messageId: 'imageWhitespace',
          data: { container: '"app"' },
          line: 12,
        },
      ],
    },
  ],
});
