import { RuleTester } from '@platlint/core/testing';
import rule from './wildcard-alone.js';

const flowSchema = (rules: string): string => `apiVersion: flowcontrol.apiserver.plat.io/v1
kind: FlowSchema
metadata: {name: team-a}
spec:
  priorityLevelConfiguration: {name: workload-low}
  rules:
${rules}`;

const alone = (entry: string, field: string) => ({ messageId: 'notAlone', data: { entry, field } });

// A block list with comments: every entry but "*" is its own finding, each removing its line.
const blockVerbs = (verbs: string): string =>
  flowSchema(`  - subjects: [{kind: Group, group: {name: team-a}}]
    resourceRules:
      - verbs:
          # what team-a may do
${verbs}
        apiGroups: ["*"]
        resources: ["*"]
        clusterScope: true
`);

RuleTester.run(rule, {
  valid: [
    {
      yaml: flowSchema(
        '  - subjects: [{kind: Group, group: {name: team-a}}]\n    resourceRules: [{verbs: ["*"], apiGroups: ["*"], resources: ["*"], namespaces: ["*"]}]\n',
      ),
    },
    {
      yaml: flowSchema(
        '  - subjects: [{kind: Group, group: {name: team-a}}]\n    nonResourceRules: [{verbs: [get], nonResourceURLs: ["/healthz", "/metrics"]}]\n',
      ),
    },
  ],
  invalid: [
    {
      yaml: flowSchema(
        '  - subjects: [{kind: Group, group: {name: team-a}}]\n    resourceRules: [{verbs: [get, "*"], apiGroups: ["*"], resources: [pods, "*"], clusterScope: true}]\n',
      ),
      errors: [
        { path: 'spec.rules[0].resourceRules[0].verbs[0]', ...alone('"get"', 'verbs'), line: 8, column: 30, fix: '' },
        { path: 'spec.rules[0].resourceRules[0].resources[0]', ...alone('"pods"', 'resources'), fix: '' },
      ],
      output: flowSchema(
        '  - subjects: [{kind: Group, group: {name: team-a}}]\n    resourceRules: [{verbs: ["*"], apiGroups: ["*"], resources: ["*"], clusterScope: true}]\n',
      ),
    },
    {
      yaml: flowSchema(
        '  - subjects: [{kind: User, user: {name: alice}}]\n    nonResourceRules: [{verbs: [get], nonResourceURLs: ["*", "/healthz"]}]\n',
      ),
      errors: [
        {
          path: 'spec.rules[0].nonResourceRules[0].nonResourceURLs[1]',
          ...alone('"/healthz"', 'nonResourceURLs'),
          line: 8,
          column: 62,
        },
      ],
      output: flowSchema(
        '  - subjects: [{kind: User, user: {name: alice}}]\n    nonResourceRules: [{verbs: [get], nonResourceURLs: ["*"]}]\n',
      ),
    },
    {
      yaml: flowSchema(
        '  - subjects: [{kind: Group, group: {name: team-a}}]\n    resourceRules: [{verbs: [get], apiGroups: [apps, "*"], resources: [deployments], namespaces: ["*", team-a]}]\n',
      ),
      errors: [
        { path: 'spec.rules[0].resourceRules[0].apiGroups[0]', ...alone('"apps"', 'apiGroups'), fix: '' },
        { path: 'spec.rules[0].resourceRules[0].namespaces[1]', ...alone('"team-a"', 'namespaces'), fix: '' },
      ],
      output: flowSchema(
        '  - subjects: [{kind: Group, group: {name: team-a}}]\n    resourceRules: [{verbs: [get], apiGroups: ["*"], resources: [deployments], namespaces: ["*"]}]\n',
      ),
    },
    {
      name: 'a block list loses the other entries\' lines and their own comments; its style, the "*" line and the other comments stay',
      yaml: blockVerbs(
        '          - get    # reads\n          - "*"    # everything, in fact\n          - list   # listing\n          - "*"',
      ),
      errors: [
        { path: 'spec.rules[0].resourceRules[0].verbs[0]', ...alone('"get"', 'verbs'), line: 11, column: 13, fix: '' },
        { path: 'spec.rules[0].resourceRules[0].verbs[2]', ...alone('"list"', 'verbs'), line: 13, fix: '' },
        { path: 'spec.rules[0].resourceRules[0].verbs[3]', ...alone('"*"', 'verbs'), line: 14, fix: '' },
      ],
      output: blockVerbs('          - "*"    # everything, in fact'),
    },
  ],
});
