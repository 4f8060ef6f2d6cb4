import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SourceFile, lintFiles } from '@platlint/core';
import { afterAll, describe, expect, it } from 'vitest';
import { LintSession, holdsKnownKind } from './lint-session.js';
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

const deployment = ['apiVersion: apps/v1', 'kind: Deployment', 'metadata:', '  name: Web', 'spec:', '  replicas: -1', '  strategy:', '    type: recreate', '  selector:', '    matchLabels: {app: web}', '  template:', '    metadata:', '    labels: {app: web}', '    spec:', '      containers: []', ''].join('\n');
const policy = ['apiVersion: admissionregistration.plat.io/v1', 'kind: MutatingAdmissionPolicy', 'metadata:', '  name: p', 'spec:', '  matchConstraints:', '    resourceRules:', '      - apiGroups: ["apps"]', '        apiVersions: ["v1"]', '        operations: ["CREATE"]', '        resources: ["deployments"]', '  mutations:', '    - patchType: ApplyConfiguration', '      applyConfiguration:', '        expression: "Object{}"', ''].join('\n');
const binding = ['apiVersion: admissionregistration.plat.io/v1', 'kind: MutatingAdmissionPolicyBinding', 'metadata:', '  name: b', 'spec:', '  policyName: p', ''].join('\n');

describe('lint session', () => {
  it('gives the engine\'s diagnostics for a text, with the configuration of its directory', () => {
    const dir = workspace({ 'platlint.config.yaml': 'rules:\n  schema/range: warning\n' });
    const path = join(dir, 'app.yaml');
    const outcome = new LintSession(dir, {}, [dir]).lint(path, deployment);
    const config = new ConfigResolver(knownRuleIds, { cwd: dir }).forFile(path);
    const [expected] = lintFiles({ files: [SourceFile.fromText(path, deployment)], rules, configFor: () => config });
    expect(outcome).toEqual({ type: 'linted', diagnostics: expected!.diagnostics, documents: 1 });
    expect(expected!.diagnostics.find((d) => d.ruleId === 'schema/range')?.severity).toBe('warning');
  });

  it('lays the editor\'s rule settings over the configuration file', () => {
    const dir = workspace({});
    const outcome = new LintSession(dir, { rules: { 'schema/enum': 'off' } }, [dir]).lint(join(dir, 'a.yaml'), deployment);
    expect(outcome.type === 'linted' && outcome.diagnostics.map((d) => d.ruleId)).not.toContain('schema/enum');
  });

  it('skips YAML that holds no kind platlint knows', () => {
    expect(holdsKnownKind('services:\n  web:\n    image: nginx\n')).toBe(false);
    expect(holdsKnownKind('items:\n  - kind: Deployment\n')).toBe(true);
    const dir = workspace({});
    expect(new LintSession(dir).lint(join(dir, 'compose.yaml'), 'services: {}\n')).toEqual({ type: 'skipped' });
  });

  it('reports an invalid configuration file with its place', () => {
    const dir = workspace({ 'platlint.config.yaml': 'rules:\n  no/such-rule: error\n' });
    const outcome = new LintSession(dir).lint(join(dir, 'a.yaml'), deployment);
    expect(outcome).toMatchObject({ type: 'config-error', error: { file: join(dir, 'platlint.config.yaml'), line: 2, column: 3 } });
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
    expect(ids(new LintSession(onDisk, {}, [onDisk]).lint(join(onDisk, 'binding.yaml'), binding))).not.toContain('admission/binding-policy-exists');
  });
});
