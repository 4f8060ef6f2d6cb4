import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SourceFile, lintSources } from '@platlint/core';
import { afterAll, describe, expect, it } from 'vitest';
import { LintSession } from './lint-session.js';
import { knownRuleIds, rules } from '@platlint/rules';
import { ConfigResolver } from '@platlint/core';

const workspaces: string[] = [];
afterAll(() => workspaces.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function workspace(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'platlint-ls-'));
  workspaces.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

const deployment = [
  'apiVersion: apps/v1',
  'kind: Deployment',
  'metadata:',
  '  name: Web',
  'spec:',
  '  replicas: -1',
  '  strategy:',
  '    type: recreate',
  '  selector:',
  '    matchLabels: {app: web}',
  '  template:',
  '    metadata:',
  '    labels: {app: web}',
  '    spec:',
  '      containers: []',
  '',
].join('\n');
const policy = [
  'apiVersion: admissionregistration.plat.io/v1',
  'kind: MutatingAdmissionPolicy',
  'metadata:',
  '  name: p',
  'spec:',
  '  matchConstraints:',
  '    resourceRules:',
  '      - apiGroups: ["apps"]',
  '        apiVersions: ["v1"]',
  '        operations: ["CREATE"]',
  '        resources: ["deployments"]',
  '  mutations:',
  '    - patchType: ApplyConfiguration',
  '      applyConfiguration:',
  '        expression: "Object{}"',
  '',
].join('\n');
const binding = [
  'apiVersion: admissionregistration.plat.io/v1',
  'kind: MutatingAdmissionPolicyBinding',
  'metadata:',
  '  name: b',
  'spec:',
  '  policyName: p',
  '',
].join('\n');

describe('lint session', () => {
  it("gives the engine's diagnostics for a text, with the configuration of its directory", () => {
    const dir = workspace({ 'platlint.config.yaml': 'rules:\n  schema/range: warning\n' });
    const path = join(dir, 'app.yaml');
    const outcome = new LintSession(dir, {}, [dir]).lint(path, deployment);
    const config = new ConfigResolver(knownRuleIds, { cwd: dir }).forFile(path);
    const [expected] = lintSources({ files: [SourceFile.fromText(path, deployment)], rules, configFor: () => config });
    expect(outcome).toEqual({ type: 'linted', diagnostics: expected!.diagnostics, documents: 1 });
    expect(expected!.diagnostics.find((d) => d.ruleId === 'schema/range')?.severity).toBe('warning');
  });

  it("lays the editor's rule settings over the configuration file", () => {
    const dir = workspace({});
    const outcome = new LintSession(dir, { rules: { 'schema/enum': 'off' } }, [dir]).lint(join(dir, 'a.yaml'), deployment);
    expect(outcome.type === 'linted' && outcome.diagnostics.map((d) => d.ruleId)).not.toContain('schema/enum');
  });

  it('skips YAML that is not a manifest, as the CLI does, and lints a document that names one of apiVersion and kind', () => {
    const dir = workspace({});
    const session = new LintSession(dir);
    expect(session.lint(join(dir, 'compose.yaml'), 'services:\n  web:\n    image: nginx\n')).toEqual({ type: 'skipped' });
    expect(session.lint(join(dir, 'ci.yml'), 'on: [push]\njobs:\n  test: {runs-on: ubuntu-latest, steps: []}\n')).toEqual({
      type: 'skipped',
    });
    expect(session.lint(join(dir, 'svc.yaml'), 'apiVersion: v1\nkind: Service\nmetadata: {name: a}\n')).toEqual({
      type: 'skipped',
    });
    const mixed = session.lint(join(dir, 'mixed.yaml'), `apiVersion: v1\nkind: Service\nmetadata: {name: a}\n---\n${deployment}`);
    expect(mixed.type === 'linted' && mixed.diagnostics.some((d) => d.ruleId === 'document/unknown-kind')).toBe(true);
    const halfManifest = session.lint(join(dir, 'half.yaml'), 'apiVersion: v1\nmetadata: {name: a}\n');
    expect(halfManifest.type === 'linted' && halfManifest.diagnostics.map((d) => [d.ruleId, d.severity])).toEqual([
      ['document/missing-kind', 'error'],
    ]);
  });

  it('reports an invalid configuration file with its place', () => {
    const dir = workspace({ 'platlint.config.yaml': 'rules:\n  no/such-rule: error\n' });
    const outcome = new LintSession(dir).lint(join(dir, 'a.yaml'), deployment);
    expect(outcome).toMatchObject({
      type: 'config-error',
      error: { file: join(dir, 'platlint.config.yaml'), line: 2, column: 3 },
    });
    const broken = workspace({ 'platlint.config.yaml': 'rules:\n  no/such-rule: error\nfeatureGates: {NoSuchGate: true}\n' });
    const twice = new LintSession(broken).lint(join(broken, 'a.yaml'), deployment);
    expect(twice.type === 'config-error' && twice.error.problems.map((p) => [p.line, p.column])).toEqual([
      [2, 3],
      [3, 16],
    ]);
  });

  it('sees objects of other open texts and of workspace files for cross-document rules', () => {
    const dir = workspace({});
    const alone = new LintSession(dir, {}, [dir]);
    const ids = (o: ReturnType<LintSession['lint']>): string[] => (o.type === 'linted' ? o.diagnostics.map((d) => d.ruleId) : []);
    expect(ids(alone.lint(join(dir, 'binding.yaml'), binding))).toContain('admission/binding-policy-exists');

    const withOpen = new LintSession(dir, {}, [dir]);
    withOpen.setOpen(join(dir, 'policy.yaml'), policy);
    expect(ids(withOpen.lint(join(dir, 'binding.yaml'), binding))).not.toContain('admission/binding-policy-exists');

    const onDisk = workspace({ 'deploy/policy.yaml': policy });
    expect(ids(new LintSession(onDisk, {}, [onDisk]).lint(join(onDisk, 'binding.yaml'), binding))).not.toContain(
      'admission/binding-policy-exists',
    );
  });

  it('lints a file from disk without taking its text for an open buffer', () => {
    const dir = workspace({ 'policy.yaml': policy });
    const session = new LintSession(dir, {}, [dir]);
    const ids = (o: ReturnType<LintSession['lint']>): string[] => (o.type === 'linted' ? o.diagnostics.map((d) => d.ruleId) : []);
    session.lintText(join(dir, 'policy.yaml'), policy);
    rmSync(join(dir, 'policy.yaml'));
    session.workspaceChanged();
    // The policy is gone from disk; had lintText kept its text as a buffer, the binding would still see it.
    expect(ids(session.lint(join(dir, 'binding.yaml'), binding))).toContain('admission/binding-policy-exists');
  });
});
