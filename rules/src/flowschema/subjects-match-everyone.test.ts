import { RuleTester } from '@platlint/core/testing';
import rule from './subjects-match-everyone.js';

const everything =
  '    resourceRules: [{verbs: ["*"], apiGroups: ["*"], resources: ["*"], clusterScope: true, namespaces: ["*"]}]\n    nonResourceRules: [{verbs: ["*"], nonResourceURLs: ["*"]}]\n';
const schema = (
  name: string,
  groups: string[],
  precedence = 9900,
  method = '',
): string => `apiVersion: flowcontrol.apiserver.plat.io/v1
kind: FlowSchema
metadata: {name: ${name}}
spec:
  priorityLevelConfiguration: {name: ${name}}
  matchingPrecedence: ${precedence}
${method}  rules:
  - subjects:
${groups.map((g) => `    - {kind: Group, group: {name: "${g}"}}\n`).join('')}${everything}`;
const both = ['system:unauthenticated', 'system:authenticated'];

RuleTester.run(rule, {
  valid: [
    { name: 'authenticated users only', yaml: schema('global-default', ['system:authenticated']) },
    { name: 'the built-in catch-all schema', yaml: schema('catch-all', both, 10000, '  distinguisherMethod: {type: ByUser}\n') },
  ],
  invalid: [
    {
      name: 'both groups, among others',
      yaml: schema('global-default', ['team-a', ...both]),
      errors: [
        {
          path: 'spec.rules[0].subjects',
          severity: 'info',
          line: 9,
          messageId: 'matchesEveryone',
        },
      ],
    },
  ],
});
