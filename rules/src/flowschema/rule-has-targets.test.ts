import { RuleTester } from '@platlint/core/testing';
import rule from './rule-has-targets.js';

const schema = (rules: string): string => `apiVersion: flowcontrol.apiserver.plat.io/v1
kind: FlowSchema
metadata: {name: team-a}
spec:
  priorityLevelConfiguration: {name: workload-low}
  rules:
${rules}`;
const subjects = '  - subjects: [{kind: Group, group: {name: team-a}}]\n';
const message = 'this rule has no resourceRules and no nonResourceRules, so it matches no request; add at least one of them';

RuleTester.run(rule, {
  valid: [
    {
      name: 'resource rules only',
      yaml: schema(`${subjects}    resourceRules: [{verbs: [get], apiGroups: [""], resources: [pods], namespaces: ["*"]}]\n`),
    },
    {
      name: 'non-resource rules only',
      yaml: schema(`${subjects}    nonResourceRules: [{verbs: [get], nonResourceURLs: ["/healthz"]}]\n`),
    },
    {
      name: 'an empty resource list next to non-resource rules',
      yaml: schema(`${subjects}    resourceRules: []\n    nonResourceRules: [{verbs: [get], nonResourceURLs: ["/healthz"]}]\n`),
    },
  ],
  invalid: [
    { name: 'neither member', yaml: schema(subjects), errors: [{ path: 'spec.rules[0]', message, line: 7, column: 5 }] },
    {
      name: 'both lists empty, in the second rule',
      yaml: schema(
        `${subjects}    nonResourceRules: [{verbs: [get], nonResourceURLs: ["/healthz"]}]\n${subjects}    resourceRules: []\n    nonResourceRules: []\n`,
      ),
      errors: [{ path: 'spec.rules[1]', message, line: 9 }],
    },
  ],
});
