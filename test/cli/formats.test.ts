// The output formats and the options that shape output: json (the machine contract),
// sarif, junit, github, stylish, --output-file, --quiet, --rule and colour.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, describe, expect, it } from 'vitest';
import { ANSI, REPO_ROOT, lintJson, manifests, removeTempDirs, runCli, tempDir } from './helpers.js';

afterAll(removeTempDirs);

// Line numbers are asserted below; keep the text as it is.
const APP = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicaz: 3
  selector:
    matchLabels:
      app: web
  strategy:
    type: Rolling
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
        - name: web
          image: nginx:1.27
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
spec:
  template:
    metadata:
      labels:
        app: api
    spec:
      containers:
        - name: api
          image: api:1
`;

const LIST = `apiVersion: apps/v1
kind: DeploymentList
items:
  - apiVersion: apps/v1
    kind: Deployment
    metadata:
      name: ok
    spec:
      selector:
        matchLabels:
          app: ok
      template:
        metadata:
          labels:
            app: ok
        spec:
          containers:
            - name: ok
              image: ok:1
  - apiVersion: apps/v1
    kind: Deployment
    metadata:
      name: bad
    spec:
      replicas: many
      selector:
        matchLabels:
          app: bad
      template:
        metadata:
          labels:
            app: bad
        spec:
          containers:
            - name: bad
              image: bad:1
`;

// Documents 0 and 1 are fine; 1 is empty (between two `---`), the mistake is in document 2.
const DOCS = `---
# leading comment
apiVersion: v1
kind: Endpoints
metadata:
  name: a
---
---
apiVersion: v1
kind: Endpoints
metadata:
  name: b
subsetz: []
`;

const range = (l1: number, c1: number, l2: number, c2: number): unknown => ({
  start: { line: l1, column: c1 },
  end: { line: l2, column: c2 },
});

function project(): string {
  return tempDir({
    'deploy/app.yaml': APP,
    'deploy/list.yaml': LIST,
    'fix.yaml': manifests.fixableEnum,
    'ep.yaml': manifests.endpoints,
    'ok.yaml': manifests.validDeployment(),
  });
}

describe('--format json (the machine contract)', () => {
  it('reports exact rule ids, paths, documents and 1-based ranges', () => {
    const dir = project();
    const { status, stdout, report } = lintJson(['deploy/app.yaml', 'deploy/list.yaml'], { cwd: dir });
    expect(status).toBe(1);
    expect(stdout.endsWith('\n')).toBe(true);
    expect(report).toEqual({
      version: 1,
      files: [
        {
          path: 'deploy/app.yaml',
          diagnostics: [
            {
              ruleId: 'schema/unknown-field',
              severity: 'error',
              message: 'unknown field "replicaz"; did you mean "replicas"?',
              document: 0,
              path: 'spec.replicaz',
              range: range(6, 3, 6, 11),
            },
            {
              ruleId: 'schema/enum',
              severity: 'error',
              message: expect.stringContaining('"Rolling"') as unknown,
              document: 0,
              path: 'spec.strategy.type',
              range: range(11, 11, 11, 18),
            },
            // The missing field's path, placed on its parent's key (`spec` on line 25).
            {
              ruleId: 'schema/required',
              severity: 'error',
              message: 'missing required field "selector"',
              document: 1,
              path: 'spec.selector',
              range: range(25, 1, 25, 5),
            },
          ],
        },
        {
          path: 'deploy/list.yaml',
          diagnostics: [
            {
              ruleId: 'schema/type',
              severity: 'error',
              message: 'must be an integer, not "many"',
              document: 0,
              path: 'items[1].spec.replicas',
              range: range(25, 17, 25, 21),
            },
          ],
        },
      ],
      summary: { files: 2, documents: 3, errors: 4, warnings: 0, infos: 0 },
    });
    // No "fix" key unless a fix exists.
    for (const d of report.files.flatMap((f) => f.diagnostics)) expect(Object.keys(d)).not.toContain('fix');
    expect(report.files[0]!.diagnostics[1]!.message).toMatch(/Recreate, RollingUpdate/);
  });

  it('includes a fix, with its own range and replacement text, when one exists', () => {
    const dir = project();
    const { report } = lintJson(['fix.yaml'], { cwd: dir });
    expect(report.files[0]!.diagnostics).toEqual([
      {
        ruleId: 'schema/enum',
        severity: 'error',
        message: expect.stringContaining('"recreate"') as unknown,
        document: 0,
        path: 'spec.strategy.type',
        range: range(10, 11, 10, 19),
        fix: { range: range(10, 11, 10, 19), text: 'Recreate' },
      },
    ]);
  });

  it('counts YAML documents, empty ones included, for the document index', () => {
    const dir = tempDir({ 'docs.yaml': DOCS });
    const { report } = lintJson(['--rule', 'endpoints/deprecated=off', 'docs.yaml'], { cwd: dir });
    expect(report.files[0]!.diagnostics).toEqual([
      {
        ruleId: 'schema/unknown-field',
        severity: 'error',
        message: 'unknown field "subsetz"; did you mean "subsets"?',
        document: 2,
        path: 'subsetz',
        range: range(13, 1, 13, 8),
      },
    ]);
    expect(report.summary.documents).toBe(3);
  });

  it('lists clean files with no diagnostics and counts warnings', () => {
    const dir = project();
    const { status, report } = lintJson(['ok.yaml', 'ep.yaml'], { cwd: dir });
    expect(status).toBe(0);
    expect(report.files).toEqual([
      { path: 'ok.yaml', diagnostics: [] },
      {
        path: 'ep.yaml',
        diagnostics: [
          expect.objectContaining({
            ruleId: 'endpoints/deprecated',
            severity: 'warning',
            document: 0,
            path: 'kind',
            range: range(2, 7, 2, 16),
          }) as unknown,
        ],
      },
    ]);
    expect(report.summary).toEqual({ files: 2, documents: 2, errors: 0, warnings: 1, infos: 0 });
  });
});

describe('--format sarif', () => {
  const schema = JSON.parse(readFileSync(join(REPO_ROOT, 'test/fixtures/sarif-2.1.0.schema.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  const ajv = new Ajv({ strict: false, allErrors: true });
  // The formats the schema uses, checked per RFC 3986 / RFC 3339 (ajv ships none by itself).
  const URI_CHARS = /^(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/;
  ajv.addFormat('uri-reference', (s: string) => URI_CHARS.test(s));
  ajv.addFormat('uri', (s: string) => URI_CHARS.test(s) && /^[A-Za-z][A-Za-z0-9+.-]*:/.test(s));
  ajv.addFormat(
    'date-time',
    (s: string) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/i.test(s) && !Number.isNaN(Date.parse(s)),
  );
  const validate = ajv.compile(schema);

  interface SarifResult {
    ruleId: string;
    level: string;
    message: { text: string };
    locations: {
      physicalLocation: {
        artifactLocation: { uri: string };
        region: { startLine: number; startColumn: number; endLine: number; endColumn: number };
      };
    }[];
  }
  interface SarifLog {
    version: string;
    runs: { tool: { driver: { name: string; rules: { id: string }[] } }; results: SarifResult[] }[];
  }

  const sarifOf = (args: string[], cwd: string): SarifLog => {
    const run = runCli(['lint', '--format', 'sarif', ...args], { cwd });
    expect(run.stderr).toBe('');
    return JSON.parse(run.stdout) as SarifLog;
  };

  it('the schema fixture is the SARIF 2.1.0 schema and rejects a broken log', () => {
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(schema.title).toMatch(/SARIF\) Version 2\.1\.0 JSON Schema/);
    expect(
      validate({
        version: '2.1.0',
        runs: [{ tool: { driver: { name: 'x' } }, results: [{ message: { text: 'm' }, level: 'fatal' }] }],
      }),
    ).toBe(false);
    expect(
      validate({
        version: '2.1.0',
        runs: [{ tool: { driver: { name: 'x' } }, results: [{ message: { text: 'm' }, level: 'error' }] }],
      }),
    ).toBe(true);
  });

  it('validates against the SARIF 2.1.0 schema and has real regions', () => {
    const dir = project();
    const log = sarifOf(['deploy/app.yaml', 'deploy/list.yaml', 'fix.yaml', 'ep.yaml', 'ok.yaml'], dir);
    expect(validate(log), JSON.stringify(validate.errors, null, 2)).toBe(true);
    expect(log.version).toBe('2.1.0');
    expect(log.runs).toHaveLength(1);
    const run = log.runs[0]!;
    expect(run.tool.driver.name).toBe('platlint');
    expect(run.results).toHaveLength(6);
    const enumResult = run.results.find(
      (r) => r.ruleId === 'schema/enum' && r.locations[0]!.physicalLocation.artifactLocation.uri === 'deploy/app.yaml',
    );
    expect(enumResult).toMatchObject({
      level: 'error',
      locations: [{ physicalLocation: { region: { startLine: 11, startColumn: 11, endLine: 11, endColumn: 18 } } }],
    });
    const warning = run.results.find((r) => r.ruleId === 'endpoints/deprecated');
    expect(warning).toMatchObject({
      level: 'warning',
      locations: [{ physicalLocation: { artifactLocation: { uri: 'ep.yaml' }, region: { startLine: 2, startColumn: 7 } } }],
    });
    // Every rule that reported is described in the driver.
    const described = new Set(run.tool.driver.rules.map((r) => r.id));
    for (const r of run.results) expect(described.has(r.ruleId)).toBe(true);
  });

  it('is valid SARIF for a clean run too', () => {
    const dir = project();
    const log = sarifOf(['ok.yaml'], dir);
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
    expect(log.runs[0]!.results).toEqual([]);
  });

  it('uses file URLs for absolute paths', () => {
    const dir = project();
    const log = sarifOf([join(dir, 'fix.yaml')], dir);
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
    expect(log.runs[0]!.results[0]!.locations[0]!.physicalLocation.artifactLocation.uri).toMatch(/^file:\/\/\/.*\/fix\.yaml$/);
  });

  // Bug: artifactLocation.uri is the raw relative path; a space (or '%', '#') is not allowed in a URI reference.
  it('percent-encodes artifact URIs (a file name with a space)', () => {
    const dir = tempDir({ 'my app.yaml': manifests.fixableEnum });
    const log = sarifOf(['my app.yaml'], dir);
    expect(log.runs[0]!.results[0]!.locations[0]!.physicalLocation.artifactLocation.uri).toBe('my%20app.yaml');
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
  });
});

describe('--format junit', () => {
  it('has one test case per file, failing for files with errors or warnings', () => {
    const dir = project();
    const run = runCli(['lint', '--format', 'junit', 'ok.yaml', 'fix.yaml', 'ep.yaml', 'deploy/app.yaml'], { cwd: dir });
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    const cases = [...run.stdout.matchAll(/<testcase [^>]*name="([^"]*)"[^>]*?(\/?)>/g)].map((m) => [
      m[1],
      m[2] === '/' ? 'pass' : 'fail',
    ]);
    expect(cases).toEqual([
      ['ok.yaml', 'pass'],
      ['fix.yaml', 'fail'],
      ['ep.yaml', 'fail'],
      ['deploy/app.yaml', 'fail'],
    ]);
    expect(run.stdout).toMatch(/<testsuite [^>]*tests="4" failures="3"/);
    expect(run.stdout).toContain('10:11 error');
    expect(run.stdout).toContain('(schema/enum)');
    // Quotes in messages are escaped: the XML stays well-formed.
    expect(run.stdout).not.toMatch(/message="[^"]*"recreate/);
    expect(run.stdout.match(/<testcase /g)).toHaveLength(4);
    expect(run.stdout.match(/<\/testcase>/g)).toHaveLength(3);
  });
});

describe('--format github', () => {
  it('prints one workflow command per finding', () => {
    const dir = project();
    const run = runCli(['lint', '--format', 'github', 'fix.yaml', 'ep.yaml', 'ok.yaml'], { cwd: dir });
    expect(run.status).toBe(1);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^::error file=fix\.yaml,line=10,col=11,endLine=10,endColumn=19,title=schema\/enum::"recreate" is not allowed here/,
    );
    expect(lines[1]).toMatch(
      /^::warning file=ep\.yaml,line=2,col=7,endLine=2,endColumn=16,title=endpoints\/deprecated::Endpoints is deprecated/,
    );
  });
});

describe('--format stylish (the default)', () => {
  it('groups by file with `line:column  severity  message  rule-id`', () => {
    const dir = project();
    const run = runCli(['lint', 'deploy/app.yaml', 'ep.yaml', 'ok.yaml'], { cwd: dir });
    expect(run.status).toBe(1);
    const lines = run.stdout.split('\n');
    const appAt = lines.indexOf('deploy/app.yaml');
    const epAt = lines.indexOf('ep.yaml');
    expect(appAt).toBeGreaterThanOrEqual(0);
    expect(epAt).toBeGreaterThan(appAt);
    expect(lines).not.toContain('ok.yaml');
    expect(lines.slice(appAt + 1, appAt + 4)).toEqual([
      // Positions are padded to the widest one of the file.
      '  6:3    error  unknown field "replicaz"; did you mean "replicas"?  schema/unknown-field',
      expect.stringMatching(/^ {2}11:11 {2}error {2}"Rolling" is not allowed here.* {2}schema\/enum$/),
      '  25:1   error  missing required field "selector"  schema/required',
    ]);
    expect(lines[epAt + 1]).toMatch(/^ {2}2:7 {2}warning {2}Endpoints is deprecated.* {2}endpoints\/deprecated$/);
    expect(run.stdout).toContain('✖ 4 problems (3 errors, 1 warning, 0 info)');
    expect(run.stdout).not.toMatch(ANSI);
  });
});

describe('options that shape the output', () => {
  it('--output-file writes the report to a file and nothing to standard output', () => {
    const dir = project();
    const long = runCli(['lint', '--format', 'github', '--output-file', 'github.txt', 'fix.yaml'], { cwd: dir });
    expect(long).toMatchObject({ status: 1, stdout: '', stderr: '' });
    expect(readFileSync(join(dir, 'github.txt'), 'utf8')).toMatch(/^::error file=fix\.yaml,line=10,col=11,/);
    const ok = runCli(['lint', '--format', 'json', '-o', 'report.json', 'fix.yaml', 'ok.yaml'], { cwd: dir });
    expect(ok.status).toBe(1);
    expect(ok.stdout).toBe('');
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as { summary: { errors: number; files: number } };
    expect(report.summary).toMatchObject({ files: 2, errors: 1 });
  });

  it('--output-file with stylish and --color still writes no colour escapes to the file', () => {
    const dir = project();
    runCli(['lint', '--color', '-o', 'report.txt', 'fix.yaml'], { cwd: dir });
    const text = readFileSync(join(dir, 'report.txt'), 'utf8');
    expect(text).toContain('schema/enum');
    expect(text).not.toMatch(ANSI);
  });

  it('--quiet reports errors only', () => {
    const dir = project();
    const loud = lintJson(['fix.yaml', 'ep.yaml'], { cwd: dir });
    expect(loud.report.summary).toMatchObject({ errors: 1, warnings: 1 });
    const quiet = lintJson(['--quiet', 'fix.yaml', 'ep.yaml'], { cwd: dir });
    expect(quiet.report.files.flatMap((f) => f.diagnostics).map((d) => d.severity)).toEqual(['error']);
    const warningsOnly = runCli(['lint', '-q', 'ep.yaml'], { cwd: dir });
    expect(warningsOnly).toMatchObject({ status: 0, stdout: '' });
  });

  it('--rule RULE=off silences a rule, and RULE=error raises a warning to an error', () => {
    const dir = project();
    const off = lintJson(['--rule', 'endpoints/deprecated=off', 'ep.yaml'], { cwd: dir });
    expect(off.report.summary).toMatchObject({ errors: 0, warnings: 0 });
    const raised = lintJson(['--rule', 'endpoints/deprecated=error', 'ep.yaml'], { cwd: dir });
    expect(raised.status).toBe(1);
    expect(raised.report.files[0]!.diagnostics.map((d) => [d.ruleId, d.severity])).toEqual([['endpoints/deprecated', 'error']]);
    const info = lintJson(['--rule', 'schema/enum=info', '--rule', 'endpoints/deprecated=info', 'fix.yaml', 'ep.yaml'], {
      cwd: dir,
    });
    expect(info.status).toBe(0);
    expect(info.report.summary).toMatchObject({ errors: 0, warnings: 0, infos: 2 });
  });

  it('--no-color and NO_COLOR give plain text even with --color', () => {
    const dir = project();
    for (const run of [
      runCli(['lint', '--no-color', 'fix.yaml'], { cwd: dir }),
      runCli(['lint', '--color', '--no-color', 'fix.yaml'], { cwd: dir }),
      runCli(['lint', '--color', 'fix.yaml'], { cwd: dir, env: { NO_COLOR: '1' } }),
    ]) {
      expect(run.stdout).toContain('schema/enum');
      expect(run.stdout).not.toMatch(ANSI);
    }
  });

  it('prints no colours when standard output is not a terminal', () => {
    const dir = project();
    const run = runCli(['lint', 'fix.yaml'], { cwd: dir, env: { FORCE_COLOR: '1' } });
    expect(run.stdout).toContain('schema/enum');
    expect(run.stdout).not.toMatch(ANSI);
  });

  // Bug: the stylish formatter paints with util.styleText, which checks process.stdout itself
  // and drops the colours whenever stdout is not a terminal, so --color cannot force them.
  it('--color forces colours into a pipe', () => {
    const dir = project();
    const run = runCli(['lint', '--color', 'fix.yaml'], { cwd: dir });
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(ANSI);
  });
});
