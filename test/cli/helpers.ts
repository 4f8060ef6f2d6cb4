// Runs the built CLI (`packages/cli/dist/platlint.mjs`) as a child process, the way users
// and CI do. Nothing is built here: the bundle must exist (`npm run build`).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const BUNDLE = join(REPO_ROOT, 'packages/cli/dist/platlint.mjs');

if (!existsSync(BUNDLE)) {
  throw new Error(
    `The CLI bundle ${BUNDLE} does not exist. Build it first from ${REPO_ROOT}: \`npm run build\` (or \`npx tsc -b packages/core rules packages/cli && node packages/cli/scripts/bundle.mjs\`).`,
  );
}

export interface RunOptions {
  /** Working directory of the process; the repository root unless given. */
  cwd?: string;
  /** Bytes or text written to standard input (then closed). */
  input?: string | Buffer;
  /** Variables laid over a clean copy of this process's environment. */
  env?: Record<string, string | undefined>;
  /** Milliseconds before the process is killed; 60 s unless given. */
  timeout?: number;
}

export interface RunResult {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Wall-clock milliseconds the process took. */
  ms: number;
}

// Colour and debugging variables of the parent (vitest sets some) must not leak into the CLI.
const STRIPPED = ['NO_COLOR', 'FORCE_COLOR', 'NODE_DISABLE_COLORS', 'NODE_OPTIONS', 'TERM', 'CI', 'GITHUB_ACTIONS'];

/** The environment the CLI runs in: this process's, without STRIPPED, with `extra` laid over it. */
export function cliEnv(extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of STRIPPED) delete env[name];
  for (const [name, value] of Object.entries(extra)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

/** Runs `node platlint.mjs ...args` and waits for it. */
export function runCli(args: readonly string[], options: RunOptions = {}): RunResult {
  const env = cliEnv(options.env);
  const started = Date.now();
  const child = spawnSync(process.execPath, [BUNDLE, ...args], {
    cwd: options.cwd ?? REPO_ROOT,
    input: options.input ?? '',
    env,
    encoding: 'utf8',
    timeout: options.timeout ?? 60_000,
    maxBuffer: 256 * 1024 * 1024,
  });
  if (child.error && (child.error as NodeJS.ErrnoException).code !== 'ETIMEDOUT') throw child.error;
  return { status: child.status, signal: child.signal, stdout: child.stdout, stderr: child.stderr, ms: Date.now() - started };
}

export interface JsonPosition {
  line: number;
  column: number;
}
export interface JsonRange {
  start: JsonPosition;
  end: JsonPosition;
}
export interface JsonDiagnostic {
  ruleId: string;
  severity: 'error' | 'warning' | 'info';
  message: string;
  document: number;
  path: string;
  range: JsonRange;
  fix?: { range: JsonRange; text: string };
}
export interface JsonReport {
  version: number;
  files: { path: string; diagnostics: JsonDiagnostic[] }[];
  summary: { files: number; documents: number; errors: number; warnings: number; infos: number };
}

/** Runs `lint --format json ...args`, parses standard output and returns it with the process result. */
export function lintJson(args: readonly string[], options: RunOptions = {}): RunResult & { report: JsonReport } {
  const result = runCli(['lint', '--format', 'json', ...args], options);
  let report: JsonReport;
  try {
    report = JSON.parse(result.stdout) as JsonReport;
  } catch {
    throw new Error(
      `platlint did not print JSON (exit ${String(result.status)}).\nstdout: ${result.stdout.slice(0, 2000)}\nstderr: ${result.stderr.slice(0, 2000)}`,
    );
  }
  return { ...result, report };
}

/** All diagnostics of a report, each with its file's path. */
export function allDiagnostics(report: JsonReport): (JsonDiagnostic & { file: string })[] {
  return report.files.flatMap((f) => f.diagnostics.map((d) => ({ ...d, file: f.path })));
}

const made: string[] = [];

/** A fresh temporary directory holding `files` (path relative to it → text or bytes). */
export function tempDir(files: Record<string, string | Buffer> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'platlint-cli-'));
  made.push(dir);
  writeTree(dir, files);
  return dir;
}

function writeTree(dir: string, files: Record<string, string | Buffer>): void {
  for (const [path, content] of Object.entries(files)) {
    const target = join(dir, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
}

/** Removes the directories tempDir made (call from afterAll). */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Any ANSI escape sequence. */
// eslint-disable-next-line no-control-regex
export const ANSI = /\x1b\[[0-9;]*m/;

/** Manifests used across the tests. Line numbers matter: tests assert positions in them. */
export const manifests = {
  /** A valid Deployment (no findings). */
  validDeployment: (name = 'web'): string => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
spec:
  replicas: 2
  selector:
    matchLabels:
      app: ${name}
  template:
    metadata:
      labels:
        app: ${name}
    spec:
      containers:
        - name: main
          image: registry.example.com/${name}:1.0.0
`,
  /** An Endpoints object: valid, but its kind is deprecated (one `endpoints/deprecated` warning at 2:7). */
  endpoints: `apiVersion: v1
kind: Endpoints
metadata:
  name: web
subsets:
  - addresses:
      - ip: 10.0.0.1
    ports:
      - port: 8080
`,
  /** A Deployment whose strategy type differs from an allowed value only in case (a fixable schema/enum at 10:11). */
  fixableEnum: `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector:
    matchLabels:
      app: web
  strategy:
    type: recreate
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
        - name: web
          image: nginx:1.27
`,
};

/** Whether util-linux `script` is there to give the CLI a terminal. */
export const hasScript = spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0;

const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * Runs the CLI with a pseudo-terminal (util-linux `script`) as its standard output and
 * standard error, or only as standard error when `stdoutFile` is given. Returns what the
 * terminal showed.
 */
export function runInTerminal(
  args: readonly string[],
  options: { cwd: string; env?: Record<string, string>; stdoutFile?: string },
): { status: number | null; screen: string } {
  const env: Record<string, string | undefined> = { ...process.env, TERM: 'xterm-256color' };
  for (const name of STRIPPED) if (name !== 'TERM') delete env[name];
  Object.assign(env, options.env ?? {});
  const command =
    [process.execPath, BUNDLE, ...args].map(quote).join(' ') + (options.stdoutFile ? ` > ${quote(options.stdoutFile)}` : '');
  const child = spawnSync('script', ['-qec', command, '/dev/null'], {
    cwd: options.cwd,
    env,
    encoding: 'utf8',
    timeout: 60_000,
    input: '',
  });
  return { status: child.status, screen: child.stdout };
}

/** Runs `node platlint.mjs ...args` without blocking this process (for tests that serve it something meanwhile). */
export function runCliAsync(args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  const started = Date.now();
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [BUNDLE, ...args], {
      cwd: options.cwd ?? REPO_ROOT,
      env: cliEnv(options.env),
      timeout: options.timeout ?? 60_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status, signal) => resolvePromise({ status, signal, stdout, stderr, ms: Date.now() - started }));
    child.stdin.end(options.input ?? '');
  });
}
