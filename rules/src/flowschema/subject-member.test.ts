import { RuleTester } from '@platlint/core/testing';
import rule from './subject-member.js';

const schema = (subjects: string): string => `apiVersion: flowcontrol.apiserver.plat.io/v1
kind: FlowSchema
metadata: {name: team-a}
spec:
  priorityLevelConfiguration: {name: workload-low}
  rules:
  - subjects:
${subjects}    nonResourceRules: [{verbs: [get], nonResourceURLs: ["/healthz"]}]
`;

RuleTester.run(rule, {
  valid: [
    {
      name: 'each kind with its own member',
      yaml: schema(
        '    - {kind: User, user: {name: alice}}\n    - {kind: Group, group: {name: ops}}\n    - {kind: ServiceAccount, serviceAccount: {name: deployer, namespace: team-a}}\n',
      ),
    },
  ],
  invalid: [
    {
      name: 'the member of another kind',
      yaml: schema('    - {kind: User, group: {name: ops}}\n'),
      errors: [
        {
          path: 'spec.rules[0].subjects[0].user',
          messageId: 'missingMember',
          data: { kind: 'User', wanted: 'user', example: '{name: alice}' },
          line: 8,
        },
        {
          path: 'spec.rules[0].subjects[0].group',
          messageId: 'otherMember',
          data: { other: 'group', kind: 'User' },
          line: 8,
          column: 20,
        },
      ],
    },
    {
      name: 'an extra member next to the right one',
      yaml: schema('    - {kind: Group, group: {name: ops}, serviceAccount: {name: deployer, namespace: team-a}}\n'),
      errors: [
        {
          path: 'spec.rules[0].subjects[0].serviceAccount',
          messageId: 'otherMember',
          data: { other: 'serviceAccount', kind: 'Group' },
        },
      ],
    },
    {
      name: 'a service account without its member',
      yaml: schema('    - {kind: ServiceAccount}\n'),
      errors: [
        {
          path: 'spec.rules[0].subjects[0].serviceAccount',
          messageId: 'missingMember',
          data: { kind: 'ServiceAccount', wanted: 'serviceAccount', example: '{name: deployer, namespace: team-a}' },
        },
      ],
    },
  ],
});
