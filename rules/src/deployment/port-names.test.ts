import { RuleTester } from '@platlint/core/testing';
import rule from './port-names.js';

const deployment = (ports: string, second = ''): string => `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
      - name: app
        image: nginx:1.27
        ports:
${ports}${second}`;

RuleTester.run(rule, {
  valid: [
    {
      name: 'service names, the same name in two containers',
      yaml: deployment(
        '        - {name: http, containerPort: 80}\n        - {name: metrics-9090, containerPort: 9090}\n',
        '      - name: proxy\n        image: envoy:1.30\n        ports: [{name: http, containerPort: 8080}]\n',
      ),
    },
    // The name is optional: an empty one is no name, and two of them are no duplicate.
    {
      name: 'empty names are unnamed ports',
      yaml: deployment('        - {name: "", containerPort: 80}\n        - {name: "", containerPort: 81}\n'),
    },
  ],
  invalid: [
    {
      name: 'malformed names',
      yaml: deployment(
        '        - {name: HTTP, containerPort: 80}\n        - {name: http--alt, containerPort: 81}\n        - {name: "8080", containerPort: 8080}\n        - {name: a-very-long-port-name, containerPort: 82}\n        - {name: -grpc, containerPort: 83}\n',
      ),
      errors: [
        {
          path: 'spec.template.spec.containers[0].ports[0].name',
          messageId: 'badPortName',
          data: { name: 'HTTP', problem: "may only hold lowercase letters, digits and '-'" },
          line: 13,
          column: 18,
        },
        {
          path: 'spec.template.spec.containers[0].ports[1].name',
          messageId: 'badPortName',
          data: { name: 'http--alt', problem: 'must not contain "--"' },
        },
        {
          path: 'spec.template.spec.containers[0].ports[2].name',
          messageId: 'badPortName',
          data: { name: 8080, problem: 'needs at least one letter' },
        },
        {
          path: 'spec.template.spec.containers[0].ports[3].name',
          messageId: 'badPortName',
          data: { name: 'a-very-long-port-name', problem: 'is 21 characters long; a port name has at most 15' },
        },
        {
          path: 'spec.template.spec.containers[0].ports[4].name',
          messageId: 'badPortName',
          data: { name: '-grpc', problem: "must not begin or end with '-'" },
        },
      ],
    },
    {
      name: 'a duplicate in one container',
      yaml: deployment('        - {name: http, containerPort: 80}\n        - {name: http, containerPort: 8080}\n'),
      errors: [
        { path: 'spec.template.spec.containers[0].ports[1].name', messageId: 'portNameTwice', data: { name: 'http' }, line: 14 },
      ],
    },
  ],
});
