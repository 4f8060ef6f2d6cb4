import { RuleTester } from '@platlint/core/testing';
import rule from './priority-level-exists.js';

const schema = (level: string): string => `apiVersion: flowcontrol.apiserver.plat.io/v1
kind: FlowSchema
metadata: {name: team-a}
spec:
  priorityLevelConfiguration: {name: ${level}}
  rules:
  - subjects: [{kind: Group, group: {name: team-a}}]
    nonResourceRules: [{verbs: [get], nonResourceURLs: ["/healthz"]}]
`;
const level = (name: string): string => `---
apiVersion: flowcontrol.apiserver.plat.io/v1
kind: PriorityLevelConfiguration
metadata: {name: ${name}}
spec:
  type: Limited
  limited: {nominalConcurrencyShares: 10, limitResponse: {type: Reject}}
`;

RuleTester.run(rule, {
  valid: [
    { name: 'the level is in the run', yaml: schema('workload-high') + level('workload-high') },
    { name: 'no level in the run at all', yaml: schema('workload-high') },
    { name: 'a built-in level', yaml: schema('catch-all') + level('workload-high') },
  ],
  invalid: [
    {
      name: 'a misspelt level',
      yaml: `${level('workload-low')}---\n${schema('workload-hgih')}${level('workload-high')}`,
      errors: [
        {
          path: 'spec.priorityLevelConfiguration.name',
          severity: 'warning',
          line: 13,
          column: 38,
          messageId: 'missingLevel',
          data: { name: 'workload-hgih', defined: '"workload-high", "workload-low"' },
        },
      ],
    },
    {
      name: 'many levels are counted, not listed',
      yaml: `${schema('level-9')}${['level-1', 'level-2', 'level-3', 'level-4', 'level-5', 'level-6'].map(level).join('')}`,
      errors: [
        {
          path: 'spec.priorityLevelConfiguration.name',
          severity: 'warning',
          messageId: 'missingLevel',
          data: { name: 'level-9', defined: '6 levels' },
        },
      ],
    },
  ],
});
