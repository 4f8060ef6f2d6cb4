// Custom resources through the CLI as a process: definitions found among the linted files, named
// by --crd or by the configuration's crds:, the findings the API server's refusals map to at
// their lines and columns, transition rules with --old, the same findings on two threads, and a
// kind defined twice stopping the run.
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, removeTempDirs, runCli, tempDir } from './helpers.js';

afterAll(removeTempDirs);

const FIXTURES = join(REPO_ROOT, 'test/fixtures/custom-resources');
const fixture = (name: string): string => readFileSync(join(FIXTURES, name), 'utf8');

interface JsonReport {
  files: {
    path: string;
    diagnostics: {
      ruleId: string;
      severity: string;
      path: string;
      message: string;
      range: { start: { line: number; column: number } };
    }[];
  }[];
}

function findings(stdout: string): string[] {
  const report = JSON.parse(stdout) as JsonReport;
  return report.files.flatMap((f) =>
    f.diagnostics
      .filter((d) => d.severity === 'error')
      .map((d) => `${f.path.split('/').at(-1)}:${d.range.start.line}:${d.range.start.column} ${d.ruleId} ${d.path}`),
  );
}

const EXPECTED = [
  'widgets.yaml:18:9 schema/enum spec.size',
  'widgets.yaml:19:3 schema/unknown-field spec.colour',
  'widgets.yaml:22:7 schema/duplicate spec.ports[1]',
  'widgets.yaml:22:26 schema/range spec.ports[1].port',
  'widgets.yaml:31:13 custom-resource/validation-rules spec.replicas',
  'widgets.yaml:34:13 document/unknown-version apiVersion',
];

describe('custom resources in platlint lint', () => {
  it('checks custom resources against a definition among the linted files, at exact positions', () => {
    const dir = tempDir({ 'widget-crd.yaml': fixture('widget-crd.yaml'), 'widgets.yaml': fixture('widgets.yaml') });
    const r = runCli(['lint', '--format', 'json', '.'], { cwd: dir });
    expect(r.status, r.stderr).toBe(1);
    expect(findings(r.stdout)).toEqual(EXPECTED);
  });

  it('gives the same findings on two threads', () => {
    const dir = tempDir({
      'widget-crd.yaml': fixture('widget-crd.yaml'),
      'widgets.yaml': fixture('widgets.yaml'),
      'more.yaml': fixture('widgets.yaml'),
    });
    const one = runCli(['lint', '--format', 'json', '--workers', '1', '.'], { cwd: dir });
    const two = runCli(['lint', '--format', 'json', '--workers', '2', '.'], { cwd: dir });
    expect(findings(two.stdout)).toEqual(findings(one.stdout));
    expect(findings(two.stdout).filter((f) => f.startsWith('more.yaml'))).toHaveLength(EXPECTED.length);
  });

  // The file that holds the definition is parsed once, as the run gathers its definitions, and
  // the lint takes that parse (commands.ts, ReadFiles): its own custom resources must come out
  // at their positions, and those of files linted before and after it checked as well.
  it('checks the custom resources beside their definition in its file, and in files before and after it', () => {
    const crd = fixture('widget-crd.yaml');
    const dir = tempDir({
      'a-widgets.yaml': fixture('widgets.yaml'),
      'widget-crd.yaml': `${crd}---\n${fixture('widgets.yaml')}`,
      'z-widgets.yaml': fixture('widgets.yaml'),
    });
    const r = runCli(['lint', '--format', 'json', '--workers', '1', '.'], { cwd: dir });
    expect(r.status, r.stderr).toBe(1);
    // The custom resources of widget-crd.yaml start after the definition's lines and the `---` line.
    const shift = crd.split('\n').length;
    const shifted = EXPECTED.map((f) =>
      f.replace(/^widgets\.yaml:(\d+)/, (_, line: string) => `widget-crd.yaml:${Number(line) + shift}`),
    );
    expect(findings(r.stdout).sort()).toEqual(
      [...EXPECTED.map((f) => `a-${f}`), ...shifted, ...EXPECTED.map((f) => `z-${f}`)].sort(),
    );
  });

  it('with --fix, lints a file holding a definition again as fixed, not as first read', () => {
    const deployment = [
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata: {name: web, namespace: shop}',
      'spec:',
      '  selector: {matchLabels: {app: web}}',
      '  template:',
      '    metadata: {labels: {app: web}}',
      '    spec:',
      '      restartPolicy: Never',
      '      containers: [{name: web, image: "nginx:1.27"}]',
      '',
    ].join('\n');
    const dir = tempDir({ 'widget-crd.yaml': `${fixture('widget-crd.yaml')}---\n${deployment}` });
    const before = runCli(['lint', '--format', 'json', '.'], { cwd: dir });
    expect(before.stdout).toContain('deployment/restart-policy');
    const fixed = runCli(['lint', '--format', 'json', '--fix', '.'], { cwd: dir });
    expect(fixed.status, fixed.stdout).toBe(0);
    expect(fixed.stdout).not.toContain('deployment/restart-policy');
    expect(readFileSync(join(dir, 'widget-crd.yaml'), 'utf8')).toContain('restartPolicy: Always');
  });

  it('reads definitions named by --crd, and by crds: in platlint.config.yaml', () => {
    const dir = tempDir({ 'crds/widget-crd.yaml': fixture('widget-crd.yaml'), 'app/widgets.yaml': fixture('widgets.yaml') });
    const named = runCli(['lint', '--format', 'json', '--crd', 'crds/', 'app'], { cwd: dir });
    expect(findings(named.stdout)).toEqual(EXPECTED);

    const configured = tempDir({
      'crds/widget-crd.yaml': fixture('widget-crd.yaml'),
      'app/widgets.yaml': fixture('widgets.yaml'),
      'platlint.config.yaml': 'crds:\n  - crds/*.yaml\n',
    });
    const viaConfig = runCli(['lint', '--format', 'json', 'app'], { cwd: configured });
    expect(findings(viaConfig.stdout)).toEqual(EXPECTED);
  });

  it('without the definition, says how to give it', () => {
    const dir = tempDir({ 'widgets.yaml': fixture('widgets.yaml') });
    const r = runCli(['lint', 'widgets.yaml'], { cwd: dir });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(
      'to check a custom resource, give its CustomResourceDefinition: --crd PATH, or crds: in platlint.config.yaml',
    );
  });

  it('runs transition rules on an update (--old), and only there', () => {
    const dir = tempDir({ 'widget-crd.yaml': fixture('widget-crd.yaml'), 'stored.yaml': fixture('stored.yaml') });
    copyFileSync(join(FIXTURES, 'widgets.yaml'), join(dir, 'widgets.yaml'));
    const update = runCli(['lint', '--format', 'json', '--old', 'stored.yaml', 'widgets.yaml', 'widget-crd.yaml'], { cwd: dir });
    const report = JSON.parse(update.stdout) as JsonReport;
    const messages = report.files.flatMap((f) => f.diagnostics.map((d) => `${d.range.start.line} ${d.message}`));
    // `good` was stored with size large; its update to small is refused by the transition rule.
    expect(messages).toContain('7 size cannot change once set');
    const create = runCli(['lint', '--format', 'json', 'widgets.yaml', 'widget-crd.yaml'], { cwd: dir });
    expect(create.stdout).not.toContain('size cannot change once set');
  });

  it('stops with exit 2 when a kind is defined twice, differently, naming both files', () => {
    const other = fixture('widget-crd.yaml').replace('enum: [small, large]', 'enum: [small, medium, large]');
    const dir = tempDir({
      'a-crd.yaml': fixture('widget-crd.yaml'),
      'b-crd.yaml': other,
      'widgets.yaml': fixture('widgets.yaml'),
    });
    const r = runCli(['lint', '.'], { cwd: dir });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/Widget\.example\.com is defined twice, differently: by .*a-crd\.yaml and by .*b-crd\.yaml/);
  });
});
