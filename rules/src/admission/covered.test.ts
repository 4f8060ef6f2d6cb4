import { describe, expect, it } from 'vitest';
import { SourceFile, defaultConfig, lintSources } from '@platlint/core';
import { rules } from '../index.js';

/**
 * Spec items of MutatingAdmissionPolicy and its binding that structural validation
 * enforces (no semantic rule re-reports them): each case lints a manifest that breaks one
 * of them and expects the schema finding.
 */
function lint(yaml: string): { ruleId: string; path: string; message: string }[] {
  const config = defaultConfig(process.cwd());
  const [result] = lintSources({ files: [SourceFile.fromText('covered.yaml', yaml)], rules, configFor: () => config });
  return (result?.diagnostics ?? [])
    .filter((d) => d.severity === 'error')
    .map((d) => ({ ruleId: d.ruleId, path: d.path, message: d.message }));
}

const RULE = '      - {apiGroups: ["apps"], apiVersions: ["v1"], operations: ["CREATE"], resources: ["deployments"]}';
const MUTATION =
  "    - patchType: ApplyConfiguration\n      applyConfiguration: {expression: 'Object{spec: Object.spec{replicas: 2}}'}";

interface Parts {
  constraints?: string | null;
  conditions?: string;
  mutations?: string | null;
  tail?: string;
}

const policy = (p: Parts): string => `apiVersion: admissionregistration.plat.io/v1
kind: MutatingAdmissionPolicy
metadata: {name: p}
spec:
${p.constraints === null ? '' : `  matchConstraints:\n${p.constraints ?? `    resourceRules:\n${RULE}`}\n`}${p.conditions ? `  matchConditions:\n${p.conditions}\n` : ''}${p.mutations === null ? '' : `  mutations:\n${p.mutations ?? MUTATION}\n`}${p.tail ?? '  reinvocationPolicy: Never\n'}`;

const binding = (spec: string): string => `apiVersion: admissionregistration.plat.io/v1
kind: MutatingAdmissionPolicyBinding
metadata: {name: b}
spec:
${spec}
`;

const cases: { item: string; yaml: string; ruleId: string; path: string; message: string }[] = [];

const conditions = Array.from({ length: 65 }, (_, i) => `    - {name: c${i}, expression: 'true'}`).join('\n');

cases.push(
  {
    item: 'matchConstraints is required',
    yaml: policy({ constraints: null }),
    ruleId: 'schema/required',
    path: 'spec.matchConstraints',
    message: `missing required field "matchConstraints"`,
  },
  {
    item: 'at most 64 match conditions',
    yaml: policy({ conditions }),
    ruleId: 'schema/length',
    path: 'spec.matchConditions',
    message: `has 65 items; at most 64 are allowed`,
  },
  {
    item: 'mutations is required',
    yaml: policy({ mutations: null }),
    ruleId: 'schema/required',
    path: 'spec.mutations',
    message: `missing required field "mutations"`,
  },
  {
    item: 'at least one mutation',
    yaml: policy({ mutations: '    []' }),
    ruleId: 'schema/length',
    path: 'spec.mutations',
    message: `has 0 items; needs at least 1`,
  },
  {
    item: 'reinvocationPolicy is required',
    yaml: policy({ tail: '' }),
    ruleId: 'schema/required',
    path: 'spec.reinvocationPolicy',
    message: `missing required field "reinvocationPolicy"`,
  },
  // Required, with no default: an empty value is refused, unlike the empty optional enums the defaults fill in.
  {
    item: 'reinvocationPolicy is not empty',
    yaml: policy({ tail: '  reinvocationPolicy: ""\n' }),
    ruleId: 'schema/enum',
    path: 'spec.reinvocationPolicy',
    message: `"" is not allowed here; use one of IfNeeded, Never`,
  },
  {
    item: 'reinvocationPolicy is Never or IfNeeded',
    yaml: policy({ tail: '  reinvocationPolicy: Always\n' }),
    ruleId: 'schema/enum',
    path: 'spec.reinvocationPolicy',
    message: `"Always" is not allowed here; use one of IfNeeded, Never`,
  },
  {
    item: 'failurePolicy is Fail or Ignore',
    yaml: policy({ tail: '  reinvocationPolicy: Never\n  failurePolicy: Reject\n' }),
    ruleId: 'schema/enum',
    path: 'spec.failurePolicy',
    message: `"Reject" is not allowed here; use one of Fail, Ignore`,
  },
  {
    item: 'patchType is ApplyConfiguration or JSONPatch',
    yaml: policy({ mutations: "    - patchType: Merge\n      applyConfiguration: {expression: 'Object{}'}" }),
    ruleId: 'schema/enum',
    path: 'spec.mutations[0].patchType',
    message: `"Merge" is not allowed here; use one of ApplyConfiguration, JSONPatch`,
  },
  {
    item: 'patchType is required',
    yaml: policy({ mutations: "    - applyConfiguration: {expression: 'Object{}'}" }),
    ruleId: 'schema/required',
    path: 'spec.mutations[0].patchType',
    message: `missing required field "patchType"`,
  },
  {
    item: 'a mutation expression is required',
    yaml: policy({ mutations: '    - patchType: ApplyConfiguration\n      applyConfiguration: {}' }),
    ruleId: 'schema/required',
    path: 'spec.mutations[0].applyConfiguration.expression',
    message: `missing required field "expression"`,
  },
  {
    item: 'match condition names are qualified names',
    yaml: policy({ conditions: "    - {name: 'not valid!', expression: 'true'}" }),
    ruleId: 'schema/format',
    path: 'spec.matchConditions[0].name',
    message: `"not valid!" has a name part that is not alphanumerics with '-', '_' or '.' inside`,
  },
  {
    item: 'a match condition needs an expression',
    yaml: policy({ conditions: '    - {name: c}' }),
    ruleId: 'schema/required',
    path: 'spec.matchConditions[0].expression',
    message: `missing required field "expression"`,
  },
  {
    item: 'operations are upper case',
    yaml: policy({
      constraints:
        '    resourceRules:\n      - {apiGroups: ["apps"], apiVersions: ["v1"], operations: ["update"], resources: ["deployments"]}',
    }),
    ruleId: 'schema/enum',
    path: 'spec.matchConstraints.resourceRules[0].operations[0]',
    message: `"update" is not allowed here; use one of *, CONNECT, CREATE, DELETE, UPDATE (values are case-sensitive: "UPDATE")`,
  },
  {
    item: 'scope is Cluster, Namespaced or *',
    yaml: policy({ constraints: `    resourceRules:\n${RULE.slice(0, -1)}, scope: Namespace}` }),
    ruleId: 'schema/enum',
    path: 'spec.matchConstraints.resourceRules[0].scope',
    message: `"Namespace" is not allowed here; use one of *, Cluster, Namespaced`,
  },
  {
    item: 'matchPolicy is Exact or Equivalent',
    yaml: policy({ constraints: `    matchPolicy: Equal\n    resourceRules:\n${RULE}` }),
    ruleId: 'schema/enum',
    path: 'spec.matchConstraints.matchPolicy',
    message: `"Equal" is not allowed here; use one of Equivalent, Exact`,
  },
  {
    item: 'a binding names its policy',
    yaml: binding('  paramRef: {name: x}'),
    ruleId: 'schema/required',
    path: 'spec.policyName',
    message: `missing required field "policyName"`,
  },
  {
    item: 'policyName is a DNS subdomain',
    yaml: binding('  policyName: Replica_Limits'),
    ruleId: 'schema/format',
    path: 'spec.policyName',
    message: `"Replica_Limits" has uppercase letters; a DNS subdomain is lowercase`,
  },
  {
    item: 'parameterNotFoundAction is Allow or Deny',
    yaml: binding('  policyName: p\n  paramRef: {name: x, parameterNotFoundAction: Skip}'),
    ruleId: 'schema/enum',
    path: 'spec.paramRef.parameterNotFoundAction',
    message: `"Skip" is not allowed here; use one of Allow, Deny`,
  },
);

describe('MutatingAdmissionPolicy: spec items enforced by structural validation', () => {
  it('the base manifests are clean', () => {
    expect(lint(policy({}))).toEqual([]);
    expect(lint(binding('  policyName: p\n  paramRef: {name: x, parameterNotFoundAction: Allow}'))).toEqual([]);
  });
  it('checks paramRef.namespace only as a path segment, as the server does', () => {
    expect(
      lint(binding('  policyName: p\n  paramRef: {name: x, namespace: Platform_Config, parameterNotFoundAction: Allow}')),
    ).toEqual([]);
    expect(
      lint(binding('  policyName: p\n  paramRef: {name: x, namespace: "a/b", parameterNotFoundAction: Allow}')),
    ).toContainEqual({ ruleId: 'schema/format', path: 'spec.paramRef.namespace', message: `"a/b" may not contain '/' or '%'` });
  });
  it.each(cases)('$item', ({ yaml, ruleId, path, message }) => {
    expect(lint(yaml)).toContainEqual({ ruleId, path, message });
  });
});
