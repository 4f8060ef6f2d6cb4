// A real repository holds YAML that is not for the platform (decision 7 of issue 9).
import { afterAll, describe, expect, it } from 'vitest';
import { allDiagnostics, lintJson, manifests, removeTempDirs, runCli, tempDir } from './helpers.js';

afterAll(removeTempDirs);

const workflow = `name: ci
on: [push, pull_request]
jobs:
  test:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: npm test
`;
const compose = `services:
  web:
    image: nginx:1.27
    ports: ["8080:80"]
`;
const preCommit = `repos:
  - repo: https://github.com/pre-commit/pre-commit-hooks
    rev: v4.6.0
    hooks: [{id: trailing-whitespace}]
`;
const helmValues = `replicaCount: 2
image:
  repository: nginx
  tag: "1.27"
`;

function repository(): string {
  return tempDir({
    '.github/workflows/ci.yml': workflow,
    '.pre-commit-config.yaml': preCommit,
    'compose.yaml': compose,
    'chart/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
    'chart/values.yaml': helmValues,
    'deploy/web.yaml': manifests.validDeployment(),
    // Tags only mkdocs resolves, and a key said twice: the YAML of another tool, whose problems are its own.
    'mkdocs.yml':
      'site_name: docs\nmarkdown_extensions:\n  - pymdownx.emoji:\n      emoji_index: !!python/name:material.extensions.emoji.twemoji\ntheme: {name: material}\ntheme: {name: readthedocs}\n',
  });
}

describe('YAML that is not a manifest', () => {
  it('lets `platlint lint .` pass on a repository whose manifests are valid', () => {
    const dir = repository();
    const run = runCli(['lint', '.'], { cwd: dir });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const { status, report } = lintJson(['.'], { cwd: dir });
    expect(status).toBe(0);
    expect(allDiagnostics(report).map((d) => [d.file, d.ruleId, d.severity])).toEqual([
      ['chart/Chart.yaml', 'document/not-manifest', 'info'],
      ['chart/values.yaml', 'document/not-manifest', 'info'],
      ['compose.yaml', 'document/not-manifest', 'info'],
      ['mkdocs.yml', 'document/not-manifest', 'info'],
    ]);
  });

  it('is reported once per file when the files are named (as pre-commit passes them)', () => {
    const dir = repository();
    const { status, report } = lintJson(
      ['.github/workflows/ci.yml', '.pre-commit-config.yaml', 'compose.yaml', 'deploy/web.yaml'],
      { cwd: dir },
    );
    expect(status).toBe(0);
    expect(report.summary).toMatchObject({ errors: 0, warnings: 0, infos: 3 });
  });

  it('keeps a document with apiVersion but no kind an error', () => {
    const dir = tempDir({ 'compose.yaml': compose, 'half.yaml': 'apiVersion: v1\nmetadata:\n  name: a\n' });
    const { status, report } = lintJson(['.'], { cwd: dir });
    expect(status).toBe(1);
    expect(
      allDiagnostics(report)
        .filter((d) => d.severity === 'error')
        .map((d) => [d.file, d.ruleId, d.path]),
    ).toEqual([['half.yaml', 'document/missing-kind', 'kind']]);
  });
});
