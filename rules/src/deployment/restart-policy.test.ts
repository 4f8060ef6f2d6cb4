import { RuleTester } from '@platlint/core/testing';
import rule from './restart-policy.js';

const deployment = (policy: string): string => `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
${policy}      containers: [{name: app, image: nginx}]
`;

RuleTester.run(rule, {
  valid: [
    { yaml: deployment('') },
    { yaml: deployment('      restartPolicy: Always\n') },
    // An empty string is unset to the server: the v1 defaults fill in Always (and ClusterFirst).
    { name: 'empty strings the defaults replace', yaml: deployment('      restartPolicy: ""\n      dnsPolicy: ""\n') },
  ],
  invalid: [
    {
      yaml: deployment('      restartPolicy: OnFailure\n'),
      errors: [
        {
          path: 'spec.template.spec.restartPolicy',
          messageId: 'notAlways',
          data: { policy: '"OnFailure"' },
          line: 9,
          column: 22,
          fix: 'Always',
        },
      ],
    },
  ],
});
