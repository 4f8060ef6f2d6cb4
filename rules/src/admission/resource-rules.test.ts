import { RuleTester } from '@platlint/core/testing';
import rule from './resource-rules.js';

const policy = (rules: string): string => `apiVersion: admissionregistration.plat.io/v1
kind: MutatingAdmissionPolicy
metadata: {name: p}
spec:
  matchConstraints:
${rules}
  mutations:
    - patchType: JSONPatch
      jsonPatch: {expression: '[JSONPatch{op: "add", path: "/metadata/labels/a", value: "b"}]'}
  reinvocationPolicy: Never
`;

const binding = (rules: string): string => `apiVersion: admissionregistration.plat.io/v1
kind: MutatingAdmissionPolicyBinding
metadata: {name: b}
spec:
  policyName: p
  matchResources:
${rules}
`;

const alone = (entry: string, field: string) => ({ messageId: 'notAlone', data: { entry, field } });

// A resource rule whose operations are a block list.
const blockOperations = (operations: string): string => `    resourceRules:
      - apiGroups: ["apps"]
        apiVersions: ["v1"]
        resources: ["deployments"]
        operations:
${operations}`;

RuleTester.run(rule, {
  valid: [
    { yaml: policy('    resourceRules:\n      - {apiGroups: ["*"], apiVersions: ["*"], operations: ["*"], resources: ["*/*"]}') },
    {
      yaml: policy(
        '    resourceRules:\n      - {apiGroups: ["apps", ""], apiVersions: ["v1"], operations: [CREATE, UPDATE], resources: ["deployments", "deployments/*", "pods/status"], resourceNames: [a, b]}',
      ),
    },
    { name: 'a binding may leave resourceRules out', yaml: binding('    namespaceSelector: {matchLabels: {tier: prod}}') },
  ],
  invalid: [
    {
      name: 'a policy needs a resource rule',
      yaml: policy('    namespaceSelector: {matchLabels: {tier: prod}}'),
      errors: [{ path: 'spec.matchConstraints.resourceRules', messageId: 'noResourceRules' }],
    },
    {
      yaml: policy('    resourceRules: []'),
      errors: [{ path: 'spec.matchConstraints.resourceRules', messageId: 'noResourceRules' }],
    },
    {
      name: 'empty and missing lists',
      yaml: policy('    resourceRules:\n      - {apiGroups: [], apiVersions: ["v1"], resources: ["deployments"]}'),
      errors: [
        { path: 'spec.matchConstraints.resourceRules[0].operations', messageId: 'emptyList', data: { field: 'operations' } },
        {
          path: 'spec.matchConstraints.resourceRules[0].apiGroups',
          messageId: 'emptyList',
          data: { field: 'apiGroups' },
          line: 7,
          column: 21,
        },
      ],
    },
    {
      name: 'wildcards that do not stand alone',
      yaml: policy(
        '    resourceRules:\n      - {apiGroups: ["apps", "*"], apiVersions: ["*", "v1"], operations: ["CREATE", "*"], resources: ["deployments"]}',
      ),
      errors: [
        {
          path: 'spec.matchConstraints.resourceRules[0].apiGroups[0]',
          ...alone('"apps"', 'apiGroups'),
          line: 7,
          column: 22,
          fix: '',
        },
        { path: 'spec.matchConstraints.resourceRules[0].apiVersions[1]', ...alone('"v1"', 'apiVersions'), fix: '' },
        { path: 'spec.matchConstraints.resourceRules[0].operations[0]', ...alone('"CREATE"', 'operations'), fix: '' },
      ],
      output: policy(
        '    resourceRules:\n      - {apiGroups: ["*"], apiVersions: ["*"], operations: ["*"], resources: ["deployments"]}',
      ),
    },
    {
      name: 'a block list loses the other entries\' lines and their own comments; its style, the "*" line and the other comments stay',
      yaml: policy(
        blockOperations(
          '          - CREATE # new objects\n          # and everything else:\n          - "*"    # all of them\n          - UPDATE  # edits',
        ),
      ),
      errors: [
        {
          path: 'spec.matchConstraints.resourceRules[0].operations[0]',
          ...alone('"CREATE"', 'operations'),
          line: 11,
          column: 13,
          fix: '',
        },
        { path: 'spec.matchConstraints.resourceRules[0].operations[2]', ...alone('"UPDATE"', 'operations'), line: 14, fix: '' },
      ],
      output: policy(blockOperations('          # and everything else:\n          - "*"    # all of them')),
    },
    {
      name: 'overlapping resources',
      yaml: policy(
        '    resourceRules:\n      - {apiGroups: ["apps"], apiVersions: ["v1"], operations: ["CREATE"], resources: ["*", "deployments", "deployments/*", "deployments/scale", "*/status", "replicasets/status"]}',
      ),
      errors: [
        { path: 'spec.matchConstraints.resourceRules[0].resources[1]', messageId: 'coveredByStar', data: { r: 'deployments' } },
        {
          path: 'spec.matchConstraints.resourceRules[0].resources[3]',
          messageId: 'coveredBySubresourceWildcard',
          data: { r: 'deployments/scale', base: 'deployments' },
        },
        {
          path: 'spec.matchConstraints.resourceRules[0].resources[5]',
          messageId: 'coveredByResourceWildcard',
          data: { r: 'replicasets/status', sub: 'status' },
        },
      ],
    },
    {
      yaml: policy(
        '    resourceRules:\n      - {apiGroups: ["apps"], apiVersions: ["v1"], operations: ["CREATE"], resources: ["*/*", "deployments"], resourceNames: [web, api, web]}',
      ),
      errors: [
        {
          path: 'spec.matchConstraints.resourceRules[0].resources[1]',
          messageId: 'resourceNotAlone',
          data: { entry: '"deployments"' },
          fix: '',
        },
        {
          path: 'spec.matchConstraints.resourceRules[0].resourceNames[2]',
          messageId: 'repeatedResourceName',
          data: { n: 'web' },
        },
      ],
    },
    {
      name: 'exclude rules of a binding',
      yaml: binding(
        '    excludeResourceRules:\n      - {apiGroups: ["apps"], apiVersions: ["v1"], operations: ["UPDATE"], resources: []}',
      ),
      errors: [
        { path: 'spec.matchResources.excludeResourceRules[0].resources', messageId: 'emptyList', data: { field: 'resources' } },
      ],
    },
  ],
});
