// The pre-commit hook as a team uses it: a project's .pre-commit-config.yaml points at a clone
// of this repository (a local path and a commit), `pre-commit install` puts the git hook in
// place, and `git commit` runs platlint on the staged manifests. Run with
// `npm run test:pre-commit` (CI installs Debian's `pre-commit` first); `npm test` leaves it out.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, cleanEnv, installTarball, packTarball, tempFolder } from '../package/npm-package.js';

const asked = process.env.PLATLINT_PRE_COMMIT === '1';
const version = spawnSync('pre-commit', ['--version'], { encoding: 'utf8' });
const installed = !version.error && version.status === 0;
if (asked && !installed)
  console.warn('SKIPPED: the pre-commit round trip needs the `pre-commit` command (Debian: apt-get install pre-commit).');

let work: string;
let project: string;
let env: NodeJS.ProcessEnv;

function sh(command: string, args: readonly string[], cwd: string): { status: number | null; output: string } {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout: 900_000 });
  if (result.error) throw result.error;
  return { status: result.status, output: result.stdout + result.stderr };
}

function must(command: string, args: readonly string[], cwd: string): string {
  const result = sh(command, args, cwd);
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} exited with ${String(result.status)}:\n${result.output}`);
  return result.output;
}

const commits = (dir = project) => Number(sh('git', ['rev-list', '--count', '--all'], dir).output.trim() || 0);

const broken = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: "three"
`;

const clean = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
        - name: web
          image: registry.example.com/web:1.0.0
`;

describe.runIf(asked && installed)(`the pre-commit hook with ${version.stdout?.trim()}`, () => {
  beforeAll(() => {
    work = tempFolder('pre-commit');
    // pre-commit keeps its clones and environments here, not in the user's cache; npm may use
    // its cache first (the registry stays reachable for what is missing).
    env = cleanEnv({
      PRE_COMMIT_HOME: join(work, 'cache'),
      npm_config_prefer_offline: 'true',
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.com',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.com',
    });
    const upstream = join(work, 'platlint');
    must('git', ['clone', '--quiet', REPO_ROOT, upstream], work);
    const rev = must('git', ['rev-parse', 'HEAD'], upstream).trim();
    project = join(work, 'project');
    mkdirSync(join(project, 'deploy'), { recursive: true });
    must('git', ['init', '--quiet'], project);
    // `files` keeps the hook to manifests: other YAML (this file, CI workflows) has no kind.
    writeFileSync(
      join(project, '.pre-commit-config.yaml'),
      `repos:\n  - repo: ${upstream}\n    rev: ${rev}\n    hooks:\n      - id: platlint\n        files: ^deploy/\n`,
    );
    must('pre-commit', ['install'], project);
    must('git', ['add', '.pre-commit-config.yaml'], project);
    // The first commit installs the hook's environment (npm install of the clone, npm pack).
    must('git', ['commit', '--quiet', '-m', 'pre-commit configuration'], project);
  }, 900_000);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('blocks a commit of a broken manifest and prints the findings', () => {
    const before = commits();
    writeFileSync(join(project, 'deploy/web.yaml'), broken);
    must('git', ['add', 'deploy/web.yaml'], project);
    const result = sh('git', ['commit', '-m', 'broken web'], project);
    expect(result.status, result.output).not.toBe(0);
    expect(result.output).toMatch(/platlint\.+Failed/);
    expect(result.output).toContain('deploy/web.yaml');
    expect(result.output).toMatch(/6:13 +error +must be an integer, not "three" +schema\/type/);
    expect(commits()).toBe(before);
  });

  it('lets a clean manifest through', () => {
    const before = commits();
    writeFileSync(join(project, 'deploy/web.yaml'), clean);
    must('git', ['add', 'deploy/web.yaml'], project);
    const result = sh('git', ['commit', '-m', 'web'], project);
    expect(result.status, result.output).toBe(0);
    expect(result.output).toMatch(/platlint\.+Passed/);
    expect(commits()).toBe(before + 1);
  });
});

/** The `repo: local` configuration README.md gives for teams that install the npm package. */
function readmeLocalConfig(): string {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const block = [...readme.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]!).find((b) => b.includes('repo: local'));
  if (!block) throw new Error('README.md has no `repo: local` example');
  return block;
}

describe.runIf(asked && installed)("the README's `repo: local` hook over the installed npm package", () => {
  let local: string;

  beforeAll(() => {
    const folder = tempFolder('pre-commit-local');
    env = cleanEnv({
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.com',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.com',
      PRE_COMMIT_HOME: join(folder, 'cache'),
    });
    local = installTarball(packTarball(folder), folder);
    must('git', ['init', '--quiet'], local);
    writeFileSync(join(local, '.gitignore'), 'node_modules/\n');
    writeFileSync(join(local, '.pre-commit-config.yaml'), readmeLocalConfig());
    mkdirSync(join(local, 'deploy'));
    must('pre-commit', ['install'], local);
    must('git', ['add', '.'], local);
    must('git', ['commit', '--quiet', '-m', 'project'], local);
    return () => rmSync(folder, { recursive: true, force: true });
  }, 300_000);

  it('blocks a broken manifest and lets a clean one through', () => {
    writeFileSync(join(local, 'deploy/web.yaml'), broken);
    must('git', ['add', 'deploy/web.yaml'], local);
    const blocked = sh('git', ['commit', '-m', 'broken web'], local);
    expect(blocked.status, blocked.output).not.toBe(0);
    expect(blocked.output).toMatch(/6:13 +error +must be an integer, not "three" +schema\/type/);
    const before = commits(local);
    writeFileSync(join(local, 'deploy/web.yaml'), clean);
    must('git', ['add', 'deploy/web.yaml'], local);
    const passed = sh('git', ['commit', '-m', 'web'], local);
    expect(passed.status, passed.output).toBe(0);
    expect(commits(local)).toBe(before + 1);
  });
});
