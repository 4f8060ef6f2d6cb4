import { RuleTester } from '@platlint/core/testing';
import rule from './subject-name.js';

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
      name: 'names and wildcards',
      yaml: schema(
        '    - {kind: User, user: {name: "*"}}\n    - {kind: Group, group: {name: "system:serviceaccounts"}}\n    - {kind: ServiceAccount, serviceAccount: {name: "*", namespace: team-a}}\n    - {kind: ServiceAccount, serviceAccount: {name: build.bot, namespace: team-a}}\n',
      ),
    },
  ],
  invalid: [
    {
      name: 'empty user and group names',
      yaml: schema('    - {kind: User, user: {name: ""}}\n    - {kind: Group, group: {name: ""}}\n'),
      errors: [
        {
          path: 'spec.rules[0].subjects[0].user.name',
          messageId: 'emptyName',
          data: { member: 'user', what: 'user' },
          line: 8,
          column: 33,
        },
        { path: 'spec.rules[0].subjects[1].group.name', messageId: 'emptyName', data: { member: 'group', what: 'group' } },
      ],
    },
    {
      name: 'a service-account name that is not a DNS subdomain',
      yaml: schema(
        '    - {kind: ServiceAccount, serviceAccount: {name: Deployer, namespace: team-a}}\n    - {kind: ServiceAccount, serviceAccount: {name: "", namespace: team-a}}\n',
      ),
      errors: [
        {
          path: 'spec.rules[0].subjects[0].serviceAccount.name',
          messageId: 'badServiceAccount',
          data: { name: 'Deployer', problem: 'has uppercase letters; a DNS subdomain is lowercase' },
        },
        {
          path: 'spec.rules[0].subjects[1].serviceAccount.name',
          messageId: 'emptyName',
          data: { member: 'serviceAccount', what: 'service account' },
        },
      ],
    },
  ],
});
