// Exit codes, the paths `platlint lint` takes, and the `rules` / `explain` commands.
import { readFileSync, realpathSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lintJson, manifests, removeTempDirs, runCli, tempDir } from './helpers.js';

afterAll(removeTempDirs);

describe('exit status', () => {
  it('is 0 for the bundled valid examples, which hold warnings at most', () => {
    const run = runCli(['lint', 'examples/valid']);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const json = lintJson(['examples/valid']);
    expect(json.status).toBe(0);
    expect(json.report.summary.errors).toBe(0);
    expect(json.report.summary.files).toBeGreaterThanOrEqual(16);
    // Whatever it prints is warnings or notes, and the stylish summary says there are no errors.
    if (json.report.summary.warnings + json.report.summary.infos > 0)
      expect(run.stdout).toMatch(/\(0 errors, \d+ warnings?, \d+ info\)/);
    else expect(run.stdout).toBe('');
  });

  it('is 0 and prints nothing for a clean file', () => {
    const dir = tempDir({ 'app.yaml': manifests.validDeployment() });
    const run = runCli(['lint', 'app.yaml'], { cwd: dir });
    expect(run).toMatchObject({ status: 0, stdout: '', stderr: '' });
  });

  it('is 1 when there is an error', () => {
    const run = runCli(['lint', 'examples/invalid']);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/\d+ errors?/);
  });

  it('is 0 with warnings, and 1 when --max-warnings is exceeded', () => {
    const dir = tempDir({ 'ep.yaml': manifests.endpoints });
    expect(runCli(['lint', 'ep.yaml'], { cwd: dir }).status).toBe(0);
    expect(runCli(['lint', '--max-warnings', '1', 'ep.yaml'], { cwd: dir }).status).toBe(0);
    const over = runCli(['lint', '--max-warnings', '0', 'ep.yaml'], { cwd: dir });
    expect(over.status).toBe(1);
    expect(over.stdout).toContain('endpoints/deprecated');
  });

  it.each([
    ['an unknown flag', ['lint', '--bogus', 'x.yaml'], /--bogus/],
    ['an unknown format', ['lint', '--format', 'xml', 'examples/valid'], /unknown format "xml"/],
    ['no paths', ['lint'], /no paths/],
    [
      'a missing file',
      ['lint', 'examples/valid/does-not-exist.yaml'],
      /no such file or directory: examples\/valid\/does-not-exist\.yaml/,
    ],
    ['a glob that matches nothing', ['lint', 'examples/nowhere/*.yaml'], /no files match/],
    ['a bad --max-warnings', ['lint', '--max-warnings', 'lots', 'examples/valid'], /--max-warnings/],
    ['a --rule without severity', ['lint', '--rule', 'schema/enum', 'examples/valid'], /RULE=SEVERITY/],
    ['a --rule with a bad severity', ['lint', '--rule', 'schema/enum=fatal', 'examples/valid'], /RULE=SEVERITY/],
    ['a --rule naming no rule', ['lint', '--rule', 'nope/nothing=off', 'examples/valid'], /unknown rule "nope\/nothing"/],
    [
      'a --rule with a misspelt rule',
      ['lint', '--rule', 'schema/enun=off', 'examples/valid'],
      /unknown rule "schema\/enun"; did you mean "schema\/enum"\?/,
    ],
    [
      '--cache-location without --cache',
      ['lint', '--cache-location', 'x.cache', 'examples/valid'],
      /--cache-location needs --cache/,
    ],
    ['an unknown command', ['frobnicate'], /unknown command "frobnicate"/],
  ])('is 2 on a usage error: %s', (_what, args, message) => {
    const run = runCli(args);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(message);
    expect(run.stderr).toContain('Usage: platlint');
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });
});

describe('paths', () => {
  const tree = (): string =>
    tempDir({
      'top.yaml': manifests.fixableEnum,
      'nested/deeper/one.yml': manifests.fixableEnum,
      'nested/two.yaml': manifests.fixableEnum,
      'nested/notes.txt': 'kind: Deployment\nthis: [is not yaml',
      'nested/data.json': '{"kind": "Deployment"}',
      'nested/template.yaml.tpl': 'kind: {{ .Kind }',
    });

  it('lints a single file', () => {
    const dir = tree();
    const { status, report } = lintJson(['top.yaml'], { cwd: dir });
    expect(status).toBe(1);
    expect(report.files.map((f) => f.path)).toEqual(['top.yaml']);
  });

  it('recurses into a directory, taking *.yaml and *.yml and nothing else', () => {
    const dir = tree();
    const { report } = lintJson(['.'], { cwd: dir });
    expect(report.files.map((f) => f.path).sort()).toEqual(['nested/deeper/one.yml', 'nested/two.yaml', 'top.yaml']);
    const sub = lintJson(['nested'], { cwd: dir });
    expect(sub.report.files.map((f) => f.path).sort()).toEqual(['nested/deeper/one.yml', 'nested/two.yaml']);
    expect(sub.report.files.every((f) => f.diagnostics.some((d) => d.ruleId === 'schema/enum'))).toBe(true);
  });

  it('follows no directory link that leads back into the directory it lints', () => {
    const dir = tree();
    symlinkSync('.', join(dir, 'nested', 'self'));
    symlinkSync('..', join(dir, 'nested', 'deeper', 'up'));
    const { report, stderr } = lintJson(['.'], { cwd: dir });
    expect(report.files.map((f) => f.path).sort()).toEqual(['nested/deeper/one.yml', 'nested/two.yaml', 'top.yaml']);
    expect(stderr.split('\n').filter(Boolean).sort()).toEqual([
      `platlint: not following ${dir}/nested/deeper/up: it leads back to ${realpathSync(join(dir, 'nested'))}, which holds it`,
      `platlint: not following ${dir}/nested/self: it leads back to ${realpathSync(join(dir, 'nested'))}, which holds it`,
    ]);
  });

  it('reads a directory and a file whose names hold a space and a #', () => {
    const dir = tempDir({ 'my dir/a#b.yaml': manifests.fixableEnum });
    expect(lintJson(['my dir'], { cwd: dir }).report.files.map((f) => f.path)).toEqual(['my dir/a#b.yaml']);
    expect(lintJson(['my dir/a#b.yaml'], { cwd: dir }).report.files.map((f) => f.path)).toEqual(['my dir/a#b.yaml']);
  });

  it('expands a quoted glob itself', () => {
    const { report } = lintJson(['examples/invalid/*.yaml']);
    const paths = report.files.map((f) => f.path);
    expect(paths.length).toBeGreaterThanOrEqual(16);
    expect(paths).toContain('examples/invalid/deployment.yaml');
    expect(paths.every((p) => /^examples\/invalid\/[^/]+\.yaml$/.test(p))).toBe(true);
    expect([...paths].sort()).toEqual(paths);
  });

  it('lints a file once when several arguments name it', () => {
    const dir = tree();
    const { report } = lintJson(['top.yaml', '.', '*.yaml'], { cwd: dir });
    expect(report.files.filter((f) => f.path === 'top.yaml')).toHaveLength(1);
  });

  it('reads standard input for "-", named <stdin> unless --stdin-filename says otherwise', () => {
    const plain = lintJson(['-'], { input: manifests.fixableEnum });
    expect(plain.status).toBe(1);
    expect(plain.report.files.map((f) => f.path)).toEqual(['<stdin>']);
    expect(plain.report.files[0]!.diagnostics.map((d) => [d.ruleId, d.range.start.line, d.range.start.column])).toEqual([
      ['schema/enum', 10, 11],
    ]);

    const named = lintJson(['--stdin-filename', 'deploy/app.yaml', '-'], { input: manifests.fixableEnum });
    expect(named.report.files.map((f) => f.path)).toEqual(['deploy/app.yaml']);
    const stylish = runCli(['lint', '--stdin-filename', 'deploy/app.yaml', '-'], { input: manifests.fixableEnum });
    expect(stylish.stdout).toMatch(/^deploy\/app\.yaml$/m);
  });

  it('lints standard input together with files', () => {
    const dir = tempDir({ 'ep.yaml': manifests.endpoints });
    const { report } = lintJson(['ep.yaml', '-'], { cwd: dir, input: manifests.validDeployment() });
    expect(report.files.map((f) => f.path)).toEqual(['ep.yaml', '<stdin>']);
    expect(report.summary).toMatchObject({ files: 2, documents: 2, errors: 0, warnings: 1 });
  });
});

describe('rules and explain', () => {
  it('`platlint rules` lists every rule with its severity and description', () => {
    const run = runCli(['rules']);
    expect(run.status).toBe(0);
    const ids = run.stdout
      .trim()
      .split('\n')
      .map((line) => line.split(/\s+/)[0]);
    for (const id of [
      'schema/required',
      'schema/unknown-field',
      'schema/enum',
      'schema/type',
      'schema/format',
      'schema/range',
      'schema/length',
      'deployment/selector-matches-template',
      'yaml/syntax',
      'yaml/duplicate-key',
      'yaml/tab-indent',
      'yaml/alias-limit',
      'suppression/unused',
      'file/encoding',
      'file/empty',
      'document/not-mapping',
    ]) {
      expect(ids).toContain(id);
    }
    expect(run.stdout).toMatch(/^schema\/required\s+error\s+server\s+.*A required field is missing\./m);
    expect(run.stdout).toMatch(/^suppression\/unused\s+warning\s+advice\s+/m);
    expect(run.stdout).toMatch(/^suppression\/unused\s+warning\s/m);
  });

  it('`platlint explain RULE` prints its documentation', () => {
    const run = runCli(['explain', 'schema/unknown-field']);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^# schema\/unknown-field\n/);
    expect(run.stdout).toContain('A field the kind does not have.');
    expect(run.stdout).toMatch(/did you mean|suggest/i);
  });

  it('`platlint explain RULE` prints the page of docs/rules/, byte for byte', () => {
    for (const id of ['schema/unknown-field', 'admission/no-delete-operation', 'config/webhook-timeout']) {
      const run = runCli(['explain', id]);
      expect(run.status).toBe(0);
      expect(run.stdout).toBe(readFileSync(new URL(`../../docs/rules/${id}.md`, import.meta.url), 'utf8'));
    }
  });

  it('`platlint explain RULE` prints the Markdown file beside the rule, the one source of its docs', () => {
    for (const id of ['endpoints/address-readiness', 'config/webhook-timeout', 'deployment/volume-mounts']) {
      const run = runCli(['explain', id]);
      expect(run.status).toBe(0);
      expect(run.stdout).toContain(`\n\n${readFileSync(new URL(`../../rules/src/${id}.md`, import.meta.url), 'utf8')}\n`);
    }
  });

  it('`platlint explain` of an unknown rule exits 2', () => {
    const run = runCli(['explain', 'nope']);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('unknown rule "nope"');
    expect(runCli(['explain']).status).toBe(2);
  });
});
