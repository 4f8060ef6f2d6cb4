import { RuleTester } from '@platlint/core/testing';
import rule from './selector-matches-template.js';

const deployment = (selector: string, labels: string): string => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector:
${selector}
  template:
    metadata:
      labels:
${labels}
    spec:
      containers:
      - name: app
        image: nginx:1.27
`;

RuleTester.run(rule, {
  valid: [
    {
      name: 'matchLabels subset of the template labels',
      yaml: deployment('    matchLabels:\n      app: web', '        app: web\n        tier: front'),
    },
    {
      name: 'matchExpressions',
      yaml: deployment(
        '    matchExpressions:\n    - {key: app, operator: In, values: [web, api]}\n    - {key: canary, operator: DoesNotExist}',
        '        app: web',
      ),
    },
    // A term that can match nothing is deployment/selector-syntax's finding, not a second one here.
    {
      name: 'In without values is left to selector-syntax',
      yaml: deployment('    matchExpressions:\n    - {key: app, operator: In}', '        app: web'),
    },
  ],
  invalid: [
    {
      name: 'a template without labels: reported at the missing labels',
      yaml: 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  selector: {matchLabels: {app: web}}\n  template:\n    spec:\n      containers: [{name: app, image: nginx:1.27}]\n',
      errors: [{ path: 'spec.template.metadata.labels', messageId: 'labelsDoNotMatch', line: 6 }],
    },
    {
      name: 'labels differ',
      yaml: deployment('    matchLabels:\n      app: web', '        app: api'),
      errors: [{ path: 'spec.template.metadata.labels', messageId: 'labelsDoNotMatch', line: 12, column: 9 }],
    },
    {
      name: 'empty selector',
      yaml: deployment('    matchLabels: {}', '        app: web'),
      errors: [{ path: 'spec.selector', messageId: 'selectorEmpty', line: 7 }],
    },
    {
      name: 'NotIn excludes the template',
      yaml: deployment('    matchExpressions:\n    - {key: app, operator: NotIn, values: [web]}', '        app: web'),
      errors: [{ path: 'spec.template.metadata.labels', messageId: 'labelsDoNotMatch' }],
    },
  ],
});
