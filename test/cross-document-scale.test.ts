// Cross-document rules must not make a run quadratic (issue 14): each rule asks the run's
// index for the objects it names, it never scans the whole run for every object it checks.
// The work is counted as the entries the index hands to rules, so the test is exact and
// needs no clock: doubling the run must about double it.
import { RunIndex, SourceFile, defaultConfig, lintFiles } from '@platlint/core';
import { rules } from '@platlint/rules';
import { describe, expect, it } from 'vitest';

const level = (i: number): string => `apiVersion: flowcontrol.apiserver.plat.io/v1
kind: PriorityLevelConfiguration
metadata: {name: level-${i}}
spec: {type: Limited, limited: {nominalConcurrencyShares: 10, limitResponse: {type: Reject}}}
`;

// Every tenth FlowSchema names a level that does not exist, so the reporting path runs too.
const schema = (i: number): string => `apiVersion: flowcontrol.apiserver.plat.io/v1
kind: FlowSchema
metadata: {name: schema-${i}}
spec:
  priorityLevelConfiguration: {name: level-${i % 10 === 0 ? 'missing' : i}}
  matchingPrecedence: 500
  rules:
  - subjects: [{kind: Group, group: {name: team}}]
    resourceRules: [{verbs: [get], apiGroups: [""], resources: [pods], namespaces: ["*"]}]
`;

const policy = (i: number): string => `apiVersion: admissionregistration.plat.io/v1
kind: MutatingAdmissionPolicy
metadata: {name: policy-${i}}
spec:
  matchConstraints:
    resourceRules:
      - {apiGroups: ["apps"], apiVersions: ["v1"], operations: ["CREATE"], resources: ["deployments"]}
  mutations:
    - patchType: ApplyConfiguration
      applyConfiguration: {expression: 'Object{spec: Object.spec{replicas: 2}}'}
  reinvocationPolicy: Never
`;

const binding = (i: number): string => `apiVersion: admissionregistration.plat.io/v1
kind: MutatingAdmissionPolicyBinding
metadata: {name: binding-${i}}
spec: {policyName: policy-${i % 10 === 0 ? 'missing' : i}}
`;

// A hierarchy three levels deep per i, all in one namespace: the case where scanning every
// group of the namespace for each group was quadratic.
const group = (kind: 'CompositePodGroup' | 'PodGroup', name: string, parent?: string): string => `apiVersion: scheduling.plat.io/v1alpha3
kind: ${kind}
metadata: {name: ${name}, namespace: ml}
spec:
${parent ? `  parentCompositePodGroupName: ${parent}\n` : ''}  workloadRef: {workloadName: train, templateName: ${name}}
  schedulingPolicy: {basic: {}}
`;
const hierarchy = (i: number): string => [group('CompositePodGroup', `root-${i}`), group('CompositePodGroup', `mid-${i}`, `root-${i}`), group('PodGroup', `leaf-${i}`, `mid-${i}`)].join('---\n');

/** A run of `n` of each: ten objects per file, the declarations and references in different files. */
function run(n: number): SourceFile[] {
  const files: SourceFile[] = [];
  for (const [prefix, make] of [['levels', level], ['schemas', schema], ['policies', policy], ['bindings', binding], ['groups', hierarchy]] as const) {
    for (let start = 0; start < n; start += 10) {
      const docs = Array.from({ length: Math.min(10, n - start) }, (_, k) => make(start + k));
      files.push(SourceFile.fromText(`${prefix}/${start}.yaml`, docs.join('---\n')));
    }
  }
  return files;
}

/** The entries handed to rules while linting the run, and the run's cross-document findings. */
function lint(n: number): { examined: number; findings: Record<string, number> } {
  const index = new RunIndex([]);
  const config = defaultConfig(process.cwd());
  const findings: Record<string, number> = {};
  for (const result of lintFiles({ files: run(n), rules, configFor: () => config, index })) {
    for (const d of result.diagnostics) findings[d.ruleId] = (findings[d.ruleId] ?? 0) + 1;
  }
  return { examined: index.examined, findings };
}

describe('cross-document rules look objects up by name', () => {
  it('hand rules about twice the entries when the run doubles, not four times', () => {
    const single = lint(200);
    const double = lint(400);
    // The fixture does exercise the rules: each reference that names nothing is reported.
    expect(single.findings['flowschema/priority-level-exists']).toBe(20);
    expect(single.findings['admission/binding-policy-exists']).toBe(20);
    expect(double.findings['flowschema/priority-level-exists']).toBe(40);
    expect(single.examined).toBeGreaterThan(0);
    // Linear work doubles exactly here, except for the few reports that list every level.
    expect(double.examined / single.examined, JSON.stringify({ single: single.examined, double: double.examined })).toBeLessThan(2.5);
  }, 120_000);
});
