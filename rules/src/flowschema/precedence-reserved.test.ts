import { RuleTester } from '@platlint/core/testing';
import rule from './precedence-reserved.js';

const schema = (name: string, precedence: string): string => `apiVersion: flowcontrol.apiserver.plat.io/v1
kind: FlowSchema
metadata: {name: ${name}}
spec:
  priorityLevelConfiguration: {name: ${name === 'exempt' ? 'exempt' : 'workload-low'}}
${precedence}  rules:
  - subjects: [{kind: Group, group: {name: ${name === 'exempt' ? 'system:masters' : 'team-a'}}}]
    resourceRules: [{verbs: ["*"], apiGroups: ["*"], resources: ["*"], clusterScope: true, namespaces: ["*"]}]
    nonResourceRules: [{verbs: ["*"], nonResourceURLs: ["*"]}]
`;

RuleTester.run(rule, {
  valid: [
    { name: 'precedence 2', yaml: schema('team-a', '  matchingPrecedence: 2\n') },
    { name: 'omitted: defaults to 1000', yaml: schema('team-a', '') },
    { name: '0: the server defaults it to 1000 as well', yaml: schema('team-a', '  matchingPrecedence: 0\n') },
    { name: 'the built-in exempt schema holds 1', yaml: schema('exempt', '  matchingPrecedence: 1\n') },
  ],
  invalid: [
    {
      name: 'another schema claims 1',
      yaml: schema('team-a', '  matchingPrecedence: 1\n'),
      errors: [{ path: 'spec.matchingPrecedence', messageId: 'reserved', line: 6, column: 23 }],
    },
  ],
});
