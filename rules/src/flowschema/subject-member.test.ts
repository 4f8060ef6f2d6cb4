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
      yaml: schema('    - {kind: User, user: {name: alice}}\n    - {kind: Group, group: {name: ops}}\n    - {kind: ServiceAccount, serviceAccount: {name: deployer, namespace: team-a}}\n'),
    },
  ],
  invalid: [
    {
      name: 'the member of another kind',
      yaml: schema('    - {kind: User, group: {name: ops}}\n'),
      errors: [
        { path: 'spec.rules[0].subjects[0].user', message: 'kind "User" needs the user member, e.g. user: {name: alice}', line: 8 },
        { path: 'spec.rules[0].subjects[0].group', message: 'group is not allowed when kind is "User"; set kind to match the member or remove group', line: 8, column: 20 },
      ],
    },
    {
      name: 'an extra member next to the right one',
      yaml: schema('    - {kind: Group, group: {name: ops}, serviceAccount: {name: deployer, namespace: team-a}}\n'),
      errors: [{ path: 'spec.rules[0].subjects[0].serviceAccount', message: 'serviceAccount is not allowed when kind is "Group"; set kind to match the member or remove serviceAccount' }],
    },
    {
      name: 'a service account without its member',
      yaml: schema('    - {kind: ServiceAccount}\n'),
      errors: [{ path: 'spec.rules[0].subjects[0].serviceAccount', message: 'kind "ServiceAccount" needs the serviceAccount member, e.g. serviceAccount: {name: deployer, namespace: team-a}' }],
    },
  ],
});
