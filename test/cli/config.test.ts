// platlint.config.yaml (found upward from each file), --config, ignore globs,
// .platlintignore, feature gates and release, and broken configuration files.
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { allDiagnostics, lintJson, manifests, removeTempDirs, runCli, tempDir } from './helpers.js';

afterAll(removeTempDirs);

const severitiesByFile = (report: ReturnType<typeof lintJson>['report']): Record<string, string[]> =>
  Object.fromEntries(report.files.map((f) => [f.path, f.diagnostics.map((d) => `${d.ruleId}:${d.severity}`)]));

describe('platlint.config.yaml', () => {
  it('is found upward from each file, so two subdirectories can set different severities', () => {
    const dir = tempDir({
      'platlint.config.yaml': 'rules:\n  endpoints/deprecated: info\n',
      'strict/platlint.config.yaml': 'rules:\n  endpoints/deprecated: error\n',
      'strict/deep/er/ep.yaml': manifests.endpoints,
      'lax/platlint.config.yaml': 'rules:\n  endpoints/deprecated: "off"\n',
      'lax/ep.yaml': manifests.endpoints,
      'inherits/ep.yaml': manifests.endpoints,
    });
    const { status, report } = lintJson(['strict/deep/er/ep.yaml', 'lax/ep.yaml', 'inherits/ep.yaml'], { cwd: dir });
    expect(severitiesByFile(report)).toEqual({
      'strict/deep/er/ep.yaml': ['endpoints/deprecated:error'],
      'lax/ep.yaml': [],
      'inherits/ep.yaml': ['endpoints/deprecated:info'],
    });
    expect(status).toBe(1);
  });

  it('is found upward from the linted file, not from the working directory', () => {
    const dir = tempDir({
      'project/platlint.config.yaml': 'rules:\n  endpoints/deprecated: error\n',
      'project/manifests/ep.yaml': manifests.endpoints,
      'elsewhere/.keep': '',
    });
    const { report } = lintJson(['../project/manifests/ep.yaml'], { cwd: `${dir}/elsewhere` });
    expect(allDiagnostics(report).map((d) => d.severity)).toEqual(['error']);
  });

  it('applies to standard input through --stdin-filename', () => {
    const dir = tempDir({ 'strict/platlint.config.yaml': 'rules:\n  endpoints/deprecated: error\n' });
    const named = lintJson(['--stdin-filename', 'strict/ep.yaml', '-'], { cwd: dir, input: manifests.endpoints });
    expect(allDiagnostics(named.report).map((d) => d.severity)).toEqual(['error']);
    const unnamed = lintJson(['-'], { cwd: dir, input: manifests.endpoints });
    expect(allDiagnostics(unnamed.report).map((d) => d.severity)).toEqual(['warning']);
  });

  it('is replaced by --config FILE for every file', () => {
    const dir = tempDir({
      'a/platlint.config.yaml': 'rules:\n  endpoints/deprecated: "off"\n',
      'a/ep.yaml': manifests.endpoints,
      'b/ep.yaml': manifests.endpoints,
      'ci.yaml': 'rules:\n  endpoints/deprecated: error\n',
    });
    const { status, report } = lintJson(['--config', 'ci.yaml', 'a/ep.yaml', 'b/ep.yaml'], { cwd: dir });
    expect(severitiesByFile(report)).toEqual({
      'a/ep.yaml': ['endpoints/deprecated:error'],
      'b/ep.yaml': ['endpoints/deprecated:error'],
    });
    expect(status).toBe(1);
    const short = lintJson(['-c', 'ci.yaml', 'a/ep.yaml'], { cwd: dir });
    expect(allDiagnostics(short.report).map((d) => d.severity)).toEqual(['error']);
  });

  it('is overridden by --rule on the command line', () => {
    const dir = tempDir({ 'platlint.config.yaml': 'rules:\n  endpoints/deprecated: error\n', 'ep.yaml': manifests.endpoints });
    const { status, report } = lintJson(['--rule', 'endpoints/deprecated=warning', 'ep.yaml'], { cwd: dir });
    expect(status).toBe(0);
    expect(allDiagnostics(report).map((d) => d.severity)).toEqual(['warning']);
  });

  it('accepts feature gates, the release, and an empty file', () => {
    const dir = tempDir({
      'gates/platlint.config.yaml':
        'featureGates:\n  ShardedListAndWatch: true\n  CompositePodGroup: true\nrelease: "1.36"\nrules: {}\nignore: []\n',
      'gates/ok.yaml': manifests.validDeployment(),
      'empty/platlint.config.yaml': '',
      'empty/ok.yaml': manifests.validDeployment(),
      'comments/platlint.config.yaml': '# nothing configured yet\n',
      'comments/ok.yaml': manifests.validDeployment(),
    });
    const run = runCli(['lint', 'gates/ok.yaml', 'empty/ok.yaml', 'comments/ok.yaml'], { cwd: dir });
    expect(run).toMatchObject({ status: 0, stdout: '', stderr: '' });
  });

  // The server drops a field whose gate is off before validating (pkg/api/pod/util.go dropDisabledFields):
  // nothing inside it is an error, and gated-field says it is dropped.
  it('does not validate inside the fields of the feature gates it turns off, and still says they are dropped', () => {
    const deployment = [
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata: {name: web, namespace: default}',
      'spec:',
      '  selector: {matchLabels: {app: web}}',
      '  template:',
      '    metadata: {labels: {app: web}}',
      '    spec:',
      '      volumes:',
      '      - {name: v, projected: {sources: [{podCertificate: {}}]}}',
      '      containers:',
      '      - name: web',
      '        image: nginx',
      '        restartPolicyRules: [{}]',
      '        env:',
      '        - {name: A, valueFrom: {fileKeyRef: {}}}',
      '',
    ].join('\n');
    const gates = (on: boolean) =>
      `featureGates:\n  EnvFiles: ${on}\n  ContainerRestartRules: ${on}\n  PodCertificateRequest: ${on}\n`;
    const dir = tempDir({
      'off/platlint.config.yaml': gates(false),
      'off/d.yaml': deployment,
      'on/platlint.config.yaml': gates(true),
      'on/d.yaml': deployment,
    });
    const findings = (file: string) =>
      allDiagnostics(lintJson([file], { cwd: dir }).report).map(
        (d) => `${d.severity} ${d.ruleId} ${d.path} ${d.range.start.line}:${d.range.start.column}`,
      );
    const container = 'spec.template.spec.containers[0]';
    expect(findings('off/d.yaml')).toEqual([
      'warning feature-gate/gated-field spec.template.spec.volumes[0].projected.sources[0].podCertificate 10:42',
      `warning feature-gate/gated-field ${container}.restartPolicyRules 14:9`,
      // What is left of the variable once fileKeyRef is dropped has no source (validateEnvVarValueFrom).
      `error deployment/env-sources ${container}.env[0].valueFrom 16:32`,
      `warning feature-gate/gated-field ${container}.env[0].valueFrom.fileKeyRef 16:33`,
    ]);
    expect(findings('on/d.yaml').filter((f) => f.startsWith('error schema/required'))).toHaveLength(6);
  });

  it('ignores files matched by its `ignore` globs, relative to the configuration file', () => {
    const dir = tempDir({
      'app/platlint.config.yaml': 'ignore:\n  - generated/**\n  - "*.skip.yaml"\n',
      'app/generated/x.yaml': manifests.fixableEnum,
      'app/legacy.skip.yaml': manifests.fixableEnum,
      'app/main.yaml': manifests.fixableEnum,
      'other/legacy.skip.yaml': manifests.fixableEnum,
    });
    const { report } = lintJson(['app/generated/x.yaml', 'app/legacy.skip.yaml', 'app/main.yaml', 'other/legacy.skip.yaml'], {
      cwd: dir,
    });
    expect(report.files.map((f) => f.path)).toEqual(['app/main.yaml', 'other/legacy.skip.yaml']);
  });

  it('ignores an explicitly named file that an ignore glob matches (exit 0, nothing linted)', () => {
    const dir = tempDir({ 'platlint.config.yaml': 'ignore:\n  - vendor/\n', 'vendor/bad.yaml': manifests.fixableEnum });
    const { status, report } = lintJson(['vendor/bad.yaml'], { cwd: dir });
    expect(status).toBe(0);
    expect(report.summary.files).toBe(0);
  });

  // Bug: a directory walk picks up platlint.config.yaml itself and lints it as a manifest,
  // reporting `document/missing-kind` (an error), so any project with a configuration file
  // fails `platlint lint .`.
  it('is not itself linted as a manifest when a directory is linted', () => {
    const dir = tempDir({ 'platlint.config.yaml': 'rules:\n  endpoints/deprecated: "off"\n', 'ep.yaml': manifests.endpoints });
    const { status, report } = lintJson(['.'], { cwd: dir });
    expect(report.files.map((f) => f.path)).toEqual(['ep.yaml']);
    expect(status).toBe(0);
  });
});

describe('.platlintignore', () => {
  it('in the working directory skips files with gitignore syntax (directories, globs, negation)', () => {
    const dir = tempDir({
      '.platlintignore': '# generated output\nbuild/\n*.gen.yaml\n!keep.gen.yaml\n/rooted.yaml\n',
      'build/a.yaml': manifests.fixableEnum,
      'sub/build/b.yaml': manifests.fixableEnum,
      'x.gen.yaml': manifests.fixableEnum,
      'keep.gen.yaml': manifests.fixableEnum,
      'rooted.yaml': manifests.fixableEnum,
      'sub/rooted.yaml': manifests.fixableEnum,
      'main.yaml': manifests.fixableEnum,
    });
    const { report } = lintJson(['.'], { cwd: dir });
    expect(report.files.map((f) => f.path).sort()).toEqual(['keep.gen.yaml', 'main.yaml', 'sub/rooted.yaml']);
  });

  // Without patterns there is nothing to match, and the files are not matched at all (IgnoreFilter).
  it("of blank lines skips nothing, and the configuration's ignore: applies as without one", () => {
    const files = { 'a.yaml': manifests.fixableEnum, 'skip/b.yaml': manifests.fixableEnum };
    const blank = tempDir({ ...files, '.platlintignore': '\n  \n' });
    expect(
      lintJson(['.'], { cwd: blank })
        .report.files.map((f) => f.path)
        .sort(),
    ).toEqual(['a.yaml', 'skip/b.yaml']);
    const configured = tempDir({ ...files, '.platlintignore': '\n', 'platlint.config.yaml': 'ignore:\n  - skip/\n' });
    expect(lintJson(['.'], { cwd: configured }).report.files.map((f) => f.path)).toEqual(['a.yaml']);
  });

  it('is read from the working directory only', () => {
    const dir = tempDir({ 'sub/.platlintignore': 'a.yaml\n', 'sub/a.yaml': manifests.fixableEnum });
    const { report } = lintJson(['sub'], { cwd: dir });
    expect(report.files.map((f) => f.path)).toEqual(['sub/a.yaml']);
    const inside = lintJson(['.'], { cwd: `${dir}/sub` });
    expect(inside.report.files).toEqual([]);
  });
});

describe('a broken configuration file', () => {
  it.each([
    ['an unknown top-level key', 'rules:\n  schema/enum: error\nrulez:\n  x: y\n', 3, 1, /unknown setting "rulez"/],
    ['an unknown rule', 'rules:\n  schema/enum: error\n  nope/nothing: error\n', 3, 3, /unknown rule "nope\/nothing"/],
    [
      'a misspelt rule, with a did-you-mean',
      'rules:\n  schema/enun: error\n',
      2,
      3,
      /unknown rule "schema\/enun"; did you mean "schema\/enum"\?/,
    ],
    [
      'an unknown feature gate, with a did-you-mean',
      'featureGates:\n  ShardedListAndWatc: true\n',
      2,
      3,
      /unknown feature gate "ShardedListAndWatc"; did you mean "ShardedListAndWatch"\?/,
    ],
    ['a bad severity', 'rules:\n  schema/enum: loud\n', 2, 16, /severity must be off, info, warning or error/],
    [
      'a feature gate that is not a boolean',
      'featureGates:\n  ShardedListAndWatch: maybe\n',
      2,
      24,
      /feature gate ShardedListAndWatch must be true or false/,
    ],
    ['a release that is not a version', 'release: latest\n', 1, 10, /release must be a version/],
    ['ignore that is not a list', 'ignore: build/\n', 1, 9, /ignore must be a list/],
    ['rules that is not a mapping', 'rules:\n  - schema/enum\n', 2, 3, /rules must be a mapping/],
    ['a YAML syntax error', 'rules:\n  schema/enum: [error\n', 3, 1, /invalid YAML/],
    ['a duplicate key', 'rules:\n  schema/enum: error\n  schema/enum: warning\n', 3, 3, /invalid YAML/],
    ['a configuration that is a list', '- rules\n', 1, 1, /must be a mapping/],
    [
      'apiServerConfigs that is a list',
      'apiServerConfigs: [authn.yaml]\n',
      1,
      19,
      /apiServerConfigs must be a mapping of authentication, authorization, egressSelector, tracing to lists of files or globs/,
    ],
    [
      'an unknown API server configuration, with a did-you-mean',
      'apiServerConfigs:\n  authentification: [authn.yaml]\n',
      2,
      3,
      /unknown API server configuration "authentification"; did you mean "authentication"\?/,
    ],
    [
      'an API server configuration that is not a list',
      'apiServerConfigs:\n  tracing: tracing.yaml\n',
      2,
      12,
      /apiServerConfigs.tracing must be a list of files or globs/,
    ],
    [
      'an API server configuration entry that is not a string',
      'apiServerConfigs:\n  tracing: [{file: t.yaml}]\n',
      2,
      13,
      /each apiServerConfigs.tracing entry must be a path string/,
    ],
    [
      'one file declared as two API server configurations',
      'apiServerConfigs:\n  authentication: [config/a.yaml]\n  tracing: [config/t.yaml, config/a.yaml]\n',
      3,
      28,
      /config\/a.yaml is declared as authentication too; the server reads each configuration from a file of its own/,
    ],
    [
      'an API server configuration glob that leads out of the directory',
      'apiServerConfigs:\n  tracing: [../t.yaml]\n',
      2,
      13,
      /\.\.\/t.yaml leads out of the configuration's directory/,
    ],
  ])('exits 2 naming file:line:col: %s', (_what, text, line, column, reason) => {
    const dir = tempDir({ 'platlint.config.yaml': text, 'ok.yaml': manifests.validDeployment() });
    const run = runCli(['lint', 'ok.yaml'], { cwd: dir });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`${dir}/platlint.config.yaml:${line}:${column}:`);
    expect(run.stderr).toMatch(reason);
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });

  it('reports every problem of the file, not the first only', () => {
    const text =
      'rules:\n  schema/enun: error\n  schema/type: loud\nfeatureGates:\n  GenericWorkloads: true\n  CompositePodGroup: maybe\nrelease: latest\nignores: []\n';
    const dir = tempDir({ 'platlint.config.yaml': text, 'ok.yaml': manifests.validDeployment() });
    const run = runCli(['lint', 'ok.yaml'], { cwd: dir });
    expect(run.status).toBe(2);
    const file = `${dir}/platlint.config.yaml`;
    expect(run.stderr).toBe(
      [
        'platlint: invalid configuration (6 problems):',
        `${file}:2:3: unknown rule "schema/enun"; did you mean "schema/enum"? (see \`platlint rules\`)`,
        `${file}:3:16: rule schema/type: severity must be off, info, warning or error`,
        `${file}:5:3: unknown feature gate "GenericWorkloads"; did you mean "GenericWorkload"?`,
        `${file}:6:22: feature gate CompositePodGroup must be true or false`,
        `${file}:7:10: release must be a version such as "1.37"`,
        `${file}:8:1: unknown setting "ignores"; did you mean "ignore"?`,
        '',
      ].join('\n'),
    );
  });

  it('given with --config, also exits 2 naming file:line:col', () => {
    const dir = tempDir({ 'ci.yaml': 'rules:\n  endpoints/deprecated: yes-please\n', 'ok.yaml': manifests.validDeployment() });
    const run = runCli(['lint', '--config', 'ci.yaml', 'ok.yaml'], { cwd: dir });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`${dir}/ci.yaml:2:25:`);
  });

  it('is reported even when it sits above the linted file', () => {
    const dir = tempDir({ 'platlint.config.yaml': 'severity: high\n', 'deep/down/ok.yaml': manifests.validDeployment() });
    const run = runCli(['lint', 'deep/down/ok.yaml'], { cwd: dir });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`${dir}/platlint.config.yaml:1:1:`);
  });

  // Bug: a --config file that does not exist ends in "platlint: fatal: Error: ENOENT ..." with
  // a stack trace; the CLI promises errors for people, never a stack trace.
  it('a missing --config file exits 2 with a message and no stack trace', () => {
    const dir = tempDir({ 'ok.yaml': manifests.validDeployment() });
    const run = runCli(['lint', '--config', 'nowhere.yaml', 'ok.yaml'], { cwd: dir });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('nowhere.yaml');
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });
});

// Issue 23, item 4: `--config /etc/shadow` printed the file's lines as unknown settings. A file
// that is not a platlint configuration is refused by its place and the kind of problem only.
describe('a file that is not a platlint configuration', () => {
  const SECRETS = ['alice', 'S3cretSaltX', 'hunter2', 'AKIAEXAMPLEKEY', 'MIIEvQIBADAN'];
  it.each([
    [
      'lines of a shadow file (keys of a mapping, none a setting)',
      'alice:$6$S3cretSaltX$Jq9dGm2:19800:0:99999:7:::\nbob:hunter2:19800:0:99999:7:::\n',
      1,
      1,
      'none of its top-level keys is a setting (rules, ',
    ],
    [
      'a private key (one scalar)',
      '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANhunter2\n-----END PRIVATE KEY-----\n',
      1,
      1,
      'it must be a mapping of settings (rules, ',
    ],
    ['an INI file (not YAML)', 'aws_access_key_id = AKIAEXAMPLEKEY\n[alice]\npassword: "hunter2\n', 1, 1, 'it is not valid YAML'],
  ])(
    'given with --config, %s: exits 2 naming file:line:col and the problem, quoting nothing of it',
    (_what, text, line, column, reason) => {
      const dir = tempDir({ secret: text, 'ok.yaml': manifests.validDeployment() });
      const run = runCli(['lint', '--config', 'secret', 'ok.yaml'], { cwd: dir });
      expect(run.status).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(`${dir}/secret:${line}:${column}: not a platlint configuration: ${reason}`);
      for (const secret of SECRETS) expect(run.stderr).not.toContain(secret);
      expect(run.stderr).not.toMatch(/^\s+at /m);
    },
  );

  it('found as platlint.config.yaml, a link to such a file, is refused the same way', () => {
    const dir = tempDir({
      'elsewhere/secret': 'alice:$6$S3cretSaltX$Jq9dGm2:19800:0:99999:7:::\n',
      'ok.yaml': manifests.validDeployment(),
    });
    symlinkSync(join(dir, 'elsewhere/secret'), join(dir, 'platlint.config.yaml'));
    const run = runCli(['lint', 'ok.yaml'], { cwd: dir });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`${dir}/platlint.config.yaml:1:1: not a platlint configuration`);
    for (const secret of SECRETS) expect(run.stderr).not.toContain(secret);
  });

  it('a configuration whose only setting is apiServerConfigs is a configuration', () => {
    const dir = tempDir({ 'ci.yaml': 'apiServerConfigs: {}\n', 'ok.yaml': manifests.validDeployment() });
    const run = runCli(['lint', '--config', 'ci.yaml', 'ok.yaml'], { cwd: dir });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it("a configuration that names a setting is the user's own: its mistakes are named", () => {
    const dir = tempDir({ 'ci.yaml': 'rules: {}\nrulez: {}\n', 'ok.yaml': manifests.validDeployment() });
    const run = runCli(['lint', '--config', 'ci.yaml', 'ok.yaml'], { cwd: dir });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`${dir}/ci.yaml:2:1: unknown setting "rulez"; did you mean "rules"?`);
  });
});
