// The launcher's V8 code cache (scripts/launcher/): made by the first `lint`, used by the
// runs after it (worker threads too), and never a reason for a run to fail or differ. What
// happened is read from NODE_DEBUG=platlint-code-cache and from the cache files themselves,
// never from timing.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLE, cliEnv, manifests, removeTempDirs, runCli, tempDir, type RunResult } from './helpers.js';

afterAll(removeTempDirs);

const DEBUG = { NODE_DEBUG: 'platlint-code-cache' };

/** A project with one finding, so the report is not empty. */
function project(): string {
  return tempDir({ 'app.yaml': manifests.validDeployment('app'), 'old.yaml': manifests.endpoints });
}

/** `lint --format json .` in `cwd` with the cache in `cache` ('0': off). */
function lint(cwd: string, cache: string, env: Record<string, string> = {}): RunResult {
  return runCli(['lint', '--format', 'json', '.'], { cwd, env: { PLATLINT_CODE_CACHE: cache, ...DEBUG, ...env } });
}

/** The cache's lines in a run's standard error: what happened to the cache, by word. */
function events(stderr: string): string[] {
  return [...stderr.matchAll(/^PLATLINT-CODE-CACHE \d+: (\w+)/gm)].map((m) => m[1] as string);
}

const cacheFiles = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir).filter((f) => f.startsWith('platlint.')) : []);

/** The report of a run without any cache, to compare the others with. */
const reference = (cwd: string): string => runCli(['lint', '--format', 'json', '.'], { cwd, env: { PLATLINT_CODE_CACHE: '0' } }).stdout;

describe('the code cache', () => {
  it('is made by the first lint and used, unchanged, by the next', () => {
    const cwd = project();
    const cache = join(tempDir(), 'cache');
    const first = lint(cwd, cache);
    expect(events(first.stderr)).toEqual(['miss', 'wrote']);
    const [file] = cacheFiles(cache);
    expect(file).toMatch(/^platlint\.[0-9a-f]{40}\.bin$/);
    const path = join(cache, file as string);
    const written = statSync(path);
    expect(written.mode & 0o777).toBe(0o600);
    expect(statSync(cache).mode & 0o777).toBe(0o700);

    const second = lint(cwd, cache);
    expect(events(second.stderr)).toEqual(['hit']);
    const after = statSync(path);
    expect([after.ino, after.mtimeMs]).toEqual([written.ino, written.mtimeMs]);
    expect(second.status).toBe(0);
    expect(second.stdout).toBe(first.stdout);
    expect(second.stdout).toBe(reference(cwd));
  });

  it('lives in $XDG_CACHE_HOME/platlint by default', () => {
    const cwd = project();
    const xdg = tempDir();
    const result = runCli(['lint', '.'], { cwd, env: { PLATLINT_CODE_CACHE: undefined, XDG_CACHE_HOME: xdg } });
    expect(result.status).toBe(0);
    expect(cacheFiles(join(xdg, 'platlint'))).toHaveLength(1);
  });

  it('reaches the worker threads of a parallel run', () => {
    const files: Record<string, string> = {};
    // Enough work that the worker starts before the main thread is done: a worker that has
    // not begun when the queue runs dry is ended, possibly before it reads the cache (300
    // files were not enough on a busy machine).
    for (let i = 0; i < 2000; i++) files[`f${i}.yaml`] = manifests.validDeployment(`app-${i}`);
    const cwd = tempDir(files);
    const cache = join(tempDir(), 'cache');
    lint(cwd, cache);
    const parallel = runCli(['lint', '--format', 'json', '--workers', '2', '.'], { cwd, env: { PLATLINT_CODE_CACHE: cache, ...DEBUG } });
    // The main thread's and the worker's (a worker writes no cache).
    expect(events(parallel.stderr)).toEqual(['hit', 'hit']);
    expect(parallel.stdout).toBe(reference(cwd));
  });

  it('is not made by commands other than lint', () => {
    const cache = join(tempDir(), 'cache');
    const rules = runCli(['rules'], { env: { PLATLINT_CODE_CACHE: cache, ...DEBUG } });
    expect(rules.status).toBe(0);
    expect(events(rules.stderr)).toEqual(['miss']);
    expect(cacheFiles(cache)).toEqual([]);
  });

  it('is not read by serve, which runs under other V8 settings than the cache was made with', () => {
    const cwd = project();
    const cache = join(tempDir(), 'cache');
    lint(cwd, cache);
    // Without --state, serve stops at its arguments, after the launcher has (not) read the cache.
    const serve = runCli(['serve'], { cwd, env: { PLATLINT_CODE_CACHE: cache, ...DEBUG } });
    expect(serve.status).toBe(2);
    expect(events(serve.stderr)).toEqual([]);
    // The same run as `rules` reads it.
    expect(events(runCli(['rules'], { cwd, env: { PLATLINT_CODE_CACHE: cache, ...DEBUG } }).stderr)).toEqual(['hit']);
  });

  it('ignores a damaged file and replaces it, with the same report', () => {
    const cwd = project();
    const cache = join(tempDir(), 'cache');
    const expected = lint(cwd, cache).stdout;
    const path = join(cache, cacheFiles(cache)[0] as string);
    const good = readFileSync(path);

    // One byte changed in the middle of V8's data: V8 in Node 20 does not notice; the digest does.
    const flipped = Buffer.from(good);
    flipped[flipped.length >> 1] ^= 0xff;
    writeFileSync(path, flipped);
    const afterFlip = lint(cwd, cache);
    expect(afterFlip.status).toBe(0);
    expect(events(afterFlip.stderr)).toEqual(['miss', 'wrote']);
    expect(afterFlip.stdout).toBe(expected);

    for (const damaged of [Buffer.alloc(0), Buffer.from('not a cache'), good.subarray(0, good.length - 100)]) {
      writeFileSync(path, damaged);
      const result = lint(cwd, cache);
      expect(result.stdout).toBe(expected);
      expect(events(result.stderr)).toEqual(['miss', 'wrote']);
    }
    expect(events(lint(cwd, cache).stderr)).toEqual(['hit']);
  });

  it('replaces a file V8 rejects', () => {
    const cwd = project();
    const cache = join(tempDir(), 'cache');
    const expected = lint(cwd, cache).stdout;
    const name = cacheFiles(cache)[0] as string;
    // Intact as a file (a SHA-256 of its name and data, then the data), but not V8's data.
    const data = Buffer.from('no code cache of any script');
    writeFileSync(join(cache, name), Buffer.concat([createHash('sha256').update(name).update(data).digest(), data]));
    const result = lint(cwd, cache);
    expect(events(result.stderr)).toEqual(['rejected', 'wrote']);
    expect(result.stdout).toBe(expected);
    expect(events(lint(cwd, cache).stderr)).toEqual(['hit']);
  });

  it('lints as usual where it cannot be written', () => {
    const cwd = project();
    const expected = reference(cwd);
    const base = tempDir({ 'a-file': 'x' });
    const shared = join(base, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o777);
    // Below a file; a directory others may write to (where bytecode could be planted); in a
    // home directory that does not exist; where mkdir fails although the parent exists (Node's
    // recursive mkdir loops there for ever).
    const missingHome = join(base, 'missing-home');
    const places = [join(base, 'a-file', 'cache'), shared, join(missingHome, '.cache', 'platlint'), ...(existsSync('/proc/self') ? ['/proc/platlint-cache'] : [])];
    for (const cache of places) {
      const result = lint(cwd, cache);
      expect(result.status).toBe(0);
      expect(result.stdout).toBe(expected);
      expect(events(result.stderr)).toEqual(['miss', 'not']);
    }
    expect(readdirSync(shared)).toEqual([]);
    expect(existsSync(missingHome)).toBe(false);
  });

  it('is off with PLATLINT_CODE_CACHE=0', () => {
    const cwd = project();
    const xdg = tempDir();
    const result = lint(cwd, '0', { XDG_CACHE_HOME: xdg });
    expect(result.status).toBe(0);
    expect(events(result.stderr)).toEqual([]);
    expect(readdirSync(xdg)).toEqual([]);
  });

  it('keeps the four most recently written files of the CLI', () => {
    const cwd = project();
    const cache = join(tempDir(), 'cache');
    mkdirSync(cache, { mode: 0o700 });
    const old = ['platlint.a.bin', 'platlint.b.bin', 'platlint.c.bin', 'platlint.d.bin', 'server.e.bin'];
    old.forEach((name, i) => {
      writeFileSync(join(cache, name), 'old');
      utimesSync(join(cache, name), 1_000_000 + i, 1_000_000 + i);
    });
    lint(cwd, cache);
    const left = readdirSync(cache).sort();
    expect(left).toHaveLength(5);
    expect(left.filter((f) => old.includes(f))).toEqual(['platlint.b.bin', 'platlint.c.bin', 'platlint.d.bin', 'server.e.bin']);
  });

  it('removes temporary files of runs that died while writing, and only those', () => {
    const cwd = project();
    const cache = join(tempDir(), 'cache');
    mkdirSync(cache, { mode: 0o700 });
    const abandoned = 'platlint.a.bin.11111111-1111-1111-1111-111111111111.tmp';
    const inFlight = 'platlint.b.bin.22222222-2222-2222-2222-222222222222.tmp';
    writeFileSync(join(cache, abandoned), '');
    utimesSync(join(cache, abandoned), 1_000_000, 1_000_000);
    writeFileSync(join(cache, inFlight), '');
    lint(cwd, cache);
    const left = readdirSync(cache);
    expect(left).not.toContain(abandoned);
    expect(left).toContain(inFlight);
    // Neither counted among the files kept: the new cache file is there.
    expect(left.filter((f) => f.endsWith('.bin'))).toHaveLength(1);
  });

  it('is written once, whole, by runs that start together', async () => {
    const cwd = project();
    const cache = join(tempDir(), 'cache');
    const expected = reference(cwd);
    const runs = await Promise.all(Array.from({ length: 4 }, () => lintAsync(cwd, cache)));
    for (const run of runs) {
      expect(run.status).toBe(0);
      expect(run.stdout).toBe(expected);
    }
    expect(readdirSync(cache)).toHaveLength(1);
    expect(events(lint(cwd, cache).stderr)).toEqual(['hit']);
  });
});

/** `lint` as a child process that runs alongside others. */
function lintAsync(cwd: string, cache: string): Promise<{ status: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BUNDLE, 'lint', '--format', 'json', '.'], { cwd, env: cliEnv({ PLATLINT_CODE_CACHE: cache }), stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.on('error', reject).on('close', (status) => resolve({ status, stdout }));
  });
}
