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

RuleTester.run(rule, {
  valid: [
    { yaml: policy('    resourceRules:\n      - {apiGroups: ["*"], apiVersions: ["*"], operations: ["*"], resources: ["*/*"]}') },
    { yaml: policy('    resourceRules:\n      - {apiGroups: ["apps", ""], apiVersions: ["v1"], operations: [CREATE, UPDATE], resources: ["deployments", "deployments/*", "pods/status"], resourceNames: [a, b]}') },
    { name: 'a binding may leave resourceRules out', yaml: binding('    namespaceSelector: {matchLabels: {tier: prod}}') },
  ],
  invalid: [
    {
      name: 'a policy needs a resource rule',
      yaml: policy('    namespaceSelector: {matchLabels: {tier: prod}}'),
      errors: [{ path: 'spec.matchConstraints.resourceRules', message: 'matchConstraints needs at least one resource rule; the policy takes the type of `object` from it' }],
    },
    {
      yaml: policy('    resourceRules: []'),
      errors: [{ path: 'spec.matchConstraints.resourceRules', message: 'matchConstraints needs at least one resource rule; the policy takes the type of `object` from it' }],
    },
    {
      name: 'empty and missing lists',
      yaml: policy('    resourceRules:\n      - {apiGroups: [], apiVersions: ["v1"], resources: ["deployments"]}'),
      errors: [
        { path: 'spec.matchConstraints.resourceRules[0].operations', message: 'operations of a resource rule must not be empty; use ["*"] to match all' },
        { path: 'spec.matchConstraints.resourceRules[0].apiGroups', message: 'apiGroups of a resource rule must not be empty; use ["*"] to match all', line: 7, column: 21 },
      ],
    },
    {
      name: 'wildcards that do not stand alone',
      yaml: policy('    resourceRules:\n      - {apiGroups: ["apps", "*"], apiVersions: ["*", "v1"], operations: ["CREATE", "*"], resources: ["deployments"]}'),
      errors: [
        { path: 'spec.matchConstraints.resourceRules[0].apiGroups', message: '"*" must be the only entry of apiGroups; it already matches everything', fix: '["*"]' },
        { path: 'spec.matchConstraints.resourceRules[0].apiVersions', message: '"*" must be the only entry of apiVersions; it already matches everything', fix: '["*"]' },
        { path: 'spec.matchConstraints.resourceRules[0].operations', message: '"*" must be the only entry of operations; it already matches everything', fix: '["*"]' },
      ],
    },
    {
      name: 'overlapping resources',
      yaml: policy('    resourceRules:\n      - {apiGroups: ["apps"], apiVersions: ["v1"], operations: ["CREATE"], resources: ["*", "deployments", "deployments/*", "deployments/scale", "*/status", "replicasets/status"]}'),
      errors: [
        { path: 'spec.matchConstraints.resourceRules[0].resources[1]', message: '"deployments" is already matched by "*"; remove one of the two entries' },
        { path: 'spec.matchConstraints.resourceRules[0].resources[3]', message: '"deployments/scale" is already matched by "deployments/*"; remove one of the two entries' },
        { path: 'spec.matchConstraints.resourceRules[0].resources[5]', message: '"replicasets/status" is already matched by "*/status"; remove one of the two entries' },
      ],
    },
    {
      yaml: policy('    resourceRules:\n      - {apiGroups: ["apps"], apiVersions: ["v1"], operations: ["CREATE"], resources: ["*/*", "deployments"], resourceNames: [web, api, web]}'),
      errors: [
        { path: 'spec.matchConstraints.resourceRules[0].resources', message: '"*/*" must be the only entry of resources; it already matches every resource and subresource', fix: '["*/*"]' },
        { path: 'spec.matchConstraints.resourceRules[0].resourceNames[2]', message: 'resource name "web" is listed twice; remove the repetition' },
      ],
    },
    {
      name: 'exclude rules of a binding',
      yaml: binding('    excludeResourceRules:\n      - {apiGroups: ["apps"], apiVersions: ["v1"], operations: ["UPDATE"], resources: []}'),
      errors: [{ path: 'spec.matchResources.excludeResourceRules[0].resources', message: 'resources of a resource rule must not be empty; use ["*"] to match all' }],
    },
  ],
});
