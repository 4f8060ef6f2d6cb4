// Cross-document rules must not make a run quadratic (issue 14): each rule asks the run's
// index for the objects it names, it never scans the whole run for every object it checks.
// The work is counted as the entries the index hands to rules, so the test is exact and
// needs no clock: doubling the run must about double it.
import { RunIndex, SourceFile, defaultConfig, lintSources } from '@platlint/core';
import { rules } from '@platlint/rules';
import { describe, expect, it } from 'vitest';
import { binding, flowSchema, level, podGroup, policy } from './cross-document-manifests.js';

// Every tenth FlowSchema and binding names an object that does not exist, so the reporting path runs too.
const missingOr = (i: number): string => (i % 10 === 0 ? 'missing' : String(i));
const levelAt = (i: number): string => level(`level-${i}`);
const schemaAt = (i: number): string => flowSchema(`schema-${i}`, `level-${missingOr(i)}`);
const policyAt = (i: number): string => policy(`policy-${i}`);
const bindingAt = (i: number): string => binding(`binding-${i}`, `policy-${missingOr(i)}`);

// A hierarchy three levels deep per i, all in one namespace: the case where scanning every
// group of the namespace for each group was quadratic.
const group = (kind: 'CompositePodGroup' | 'PodGroup', name: string, parent?: string): string =>
  podGroup(kind, name, 'ml', parent);
const hierarchy = (i: number): string =>
  [
    group('CompositePodGroup', `root-${i}`),
    group('CompositePodGroup', `mid-${i}`, `root-${i}`),
    group('PodGroup', `leaf-${i}`, `mid-${i}`),
  ].join('---\n');

/** A run of `n` of each: ten objects per file, the declarations and references in different files. */
function run(n: number): SourceFile[] {
  const files: SourceFile[] = [];
  for (const [prefix, make] of [
    ['levels', levelAt],
    ['schemas', schemaAt],
    ['policies', policyAt],
    ['bindings', bindingAt],
    ['groups', hierarchy],
  ] as const) {
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
  for (const result of lintSources({ files: run(n), rules, configFor: () => config, index })) {
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
    expect(double.examined / single.examined, JSON.stringify({ single: single.examined, double: double.examined })).toBeLessThan(
      2.5,
    );
  }, 120_000);
});
