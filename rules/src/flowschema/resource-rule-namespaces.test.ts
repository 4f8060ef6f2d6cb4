import { RuleTester } from '@platlint/core/testing';
import rule from './resource-rule-namespaces.js';

const schema = (resourceRule: string): string => `apiVersion: flowcontrol.apiserver.plat.io/v1
kind: FlowSchema
metadata: {name: team-a}
spec:
  priorityLevelConfiguration: {name: workload-low}
  rules:
  - subjects: [{kind: Group, group: {name: team-a}}]
    resourceRules:
    - verbs: [get]
      apiGroups: [""]
      resources: [pods]
${resourceRule}`;
const advice = 'so this rule matches no request; list namespaces (or "*"), or set clusterScope: true';

RuleTester.run(rule, {
  valid: [
    { name: 'listed namespaces', yaml: schema('      namespaces: [team-a, team-b]\n') },
    { name: 'every namespace', yaml: schema('      namespaces: ["*"]\n') },
    { name: 'cluster scope without namespaces', yaml: schema('      clusterScope: true\n') },
    { name: 'cluster scope with an empty list', yaml: schema('      clusterScope: true\n      namespaces: []\n') },
  ],
  invalid: [
    {
      name: 'neither namespaces nor cluster scope',
      yaml: schema(''),
      errors: [
        {
          path: 'spec.rules[0].resourceRules[0].namespaces',
          message: `the rule sets no namespaces and clusterScope is not true, ${advice}`,
          line: 9,
          column: 7,
        },
      ],
    },
    {
      name: 'an empty list and clusterScope false',
      yaml: schema('      clusterScope: false\n      namespaces: []\n'),
      errors: [
        {
          path: 'spec.rules[0].resourceRules[0].namespaces',
          message: `namespaces is empty and clusterScope is not true, ${advice}`,
          line: 13,
        },
      ],
    },
    {
      name: 'entries that are not DNS labels',
      yaml: schema('      namespaces: [team-a, Team_B, team.c]\n'),
      errors: [
        {
          path: 'spec.rules[0].resourceRules[0].namespaces[1]',
          messageId: 'badNamespace',
          data: { namespace: 'Team_B', problem: 'has uppercase letters; a DNS label is lowercase' },
        },
        {
          path: 'spec.rules[0].resourceRules[0].namespaces[2]',
          messageId: 'badNamespace',
          data: {
            namespace: 'team.c',
            problem: "is not a DNS label: use lowercase letters, digits and '-', starting and ending with a letter or digit",
          },
        },
      ],
    },
  ],
});
