import { RuleTester } from '@platlint/core/testing';
import rule from './annotations.js';

const flowSchema = (annotations: string): string => `apiVersion: flowcontrol.apiserver.plat.io/v1
kind: FlowSchema
metadata:
  name: team-a
  annotations:
${annotations}spec: {priorityLevelConfiguration: {name: global}}
`;

// Keys and values of 262,144 bytes together: exactly at the limit.
const atLimit = `    a: "${'x'.repeat(131071)}"\n    b: "${'y'.repeat(131071)}"\n`;

RuleTester.run(rule, {
  valid: [
    {
      name: 'free-form values under qualified keys',
      yaml: flowSchema('    example.com/owner: "Team A / payments, 50%"\n    note: ""\n'),
    },
    { name: 'exactly 256 KiB', yaml: flowSchema(atLimit) },
    // The server folds case before checking an annotation key, unlike a label key.
    { name: 'upper-case letters in the prefix and name', yaml: flowSchema('    Example.com/Owner: team-a\n') },
  ],
  invalid: [
    {
      name: 'a key with a space',
      yaml: flowSchema('    owner team: payments\n    example.com/ok: yes please\n'),
      errors: [
        {
          path: 'metadata.annotations["owner team"]',
          messageId: 'badKey',
          data: { key: 'owner team', problem: "has a name part that is not alphanumerics with '-', '_' or '.' inside" },
          line: 6,
          column: 5,
        },
      ],
    },
    {
      name: 'one byte over 256 KiB, counted in UTF-8',
      yaml: flowSchema(`${atLimit.replace('"x', '"é')}`),
      errors: [
        {
          path: 'metadata.annotations',
          messageId: 'tooLarge',
          data: { total: 262145, limit: 262144, kib: 256 },
          line: 5,
          column: 3,
        },
      ],
    },
    {
      name: 'the annotations of a pod template',
      yaml: `apiVersion: apps/v1
kind: Deployment
metadata: {name: web, annotations: {example.com/ok: "1"}}
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata:
      labels: {app: web}
      annotations: {"bad key": x}
    spec:
      containers: [{name: web, image: nginx:1.27}]
`,
      errors: [
        {
          path: 'spec.template.metadata.annotations["bad key"]',
          message: /^annotation key "bad key" has a name part that is not alphanumerics/,
          line: 9,
        },
      ],
    },
  ],
});
