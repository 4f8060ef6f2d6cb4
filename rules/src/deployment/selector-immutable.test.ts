import { RuleTester } from '@platlint/core/testing';
import rule from './selector-immutable.js';

const deployment = (selector: string, labels = '{app: web, tier: front}'): string => `apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  selector:
${selector}
  template:
    metadata: {labels: ${labels}}
    spec:
      containers: [{name: app, image: nginx:1.27}]
`;

const stored = deployment('    matchLabels: {app: web, tier: front}');

RuleTester.run(rule, {
  valid: [
    { name: 'no stored object: a create', yaml: deployment('    matchLabels: {app: web}') },
    {
      name: 'unchanged selector, labels reordered',
      yaml: deployment('    matchLabels: {tier: front, app: web}\n    matchExpressions: []'),
      old: stored,
    },
    // With one stored Deployment, a new one of another name or namespace is its update (a rename); with two, neither is.
    {
      name: 'other Deployments of the same name elsewhere',
      yaml: deployment('    matchLabels: {app: web}'),
      old: `${stored.replace('namespace: shop', 'namespace: other')}---\n${stored.replace('namespace: shop', 'namespace: third')}`,
    },
  ],
  invalid: [
    {
      name: 'a label added to the selector',
      yaml: deployment('    matchLabels: {app: web}'),
      old: stored,
      errors: [{ path: 'spec.selector', messageId: 'selectorChanged', line: 6 }],
    },
    {
      name: 'matchLabels rewritten as an expression',
      yaml: deployment(
        '    matchExpressions:\n    - {key: app, operator: In, values: [web]}\n    - {key: tier, operator: In, values: [front]}',
      ),
      old: stored,
      errors: [{ path: 'spec.selector', messageId: 'selectorChanged' }],
    },
  ],
});
