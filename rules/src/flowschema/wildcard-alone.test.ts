import { RuleTester } from '@platlint/core/testing';
import rule from './wildcard-alone.js';

const flowSchema = (rules: string): string => `apiVersion: flowcontrol.apiserver.plat.io/v1
kind: FlowSchema
metadata: {name: team-a}
spec:
  priorityLevelConfiguration: {name: workload-low}
  rules:
${rules}`;

RuleTester.run(rule, {
  valid: [
    { yaml: flowSchema('  - subjects: [{kind: Group, group: {name: team-a}}]\n    resourceRules: [{verbs: ["*"], apiGroups: ["*"], resources: ["*"], namespaces: ["*"]}]\n') },
    { yaml: flowSchema('  - subjects: [{kind: Group, group: {name: team-a}}]\n    nonResourceRules: [{verbs: [get], nonResourceURLs: ["/healthz", "/metrics"]}]\n') },
  ],
  invalid: [
    {
      yaml: flowSchema('  - subjects: [{kind: Group, group: {name: team-a}}]\n    resourceRules: [{verbs: [get, "*"], apiGroups: ["*"], resources: [pods, "*"], clusterScope: true}]\n'),
      errors: [
        { path: 'spec.rules[0].resourceRules[0].verbs[1]', message: '"*" must be the only entry of verbs; it already matches everything', fix: '["*"]' },
        { path: 'spec.rules[0].resourceRules[0].resources[1]', message: '"*" must be the only entry of resources; it already matches everything' },
      ],
    },
    {
      yaml: flowSchema('  - subjects: [{kind: User, user: {name: alice}}]\n    nonResourceRules: [{verbs: [get], nonResourceURLs: ["*", "/healthz"]}]\n'),
      errors: [{ path: 'spec.rules[0].nonResourceRules[0].nonResourceURLs[0]', message: '"*" must be the only entry of nonResourceURLs; it already matches everything', line: 8, column: 57 }],
    },
    {
      yaml: flowSchema('  - subjects: [{kind: Group, group: {name: team-a}}]\n    resourceRules: [{verbs: [get], apiGroups: [apps, "*"], resources: [deployments], namespaces: ["*", team-a]}]\n'),
      errors: [
        { path: 'spec.rules[0].resourceRules[0].apiGroups[1]', message: '"*" must be the only entry of apiGroups; it already matches everything', fix: '["*"]' },
        { path: 'spec.rules[0].resourceRules[0].namespaces[0]', message: '"*" must be the only entry of namespaces; it already matches everything', fix: '["*"]' },
      ],
    },
  ],
});
