// The launcher's V8 code cache (scripts/launcher/): made by the first `lint`, used by the
// runs after it (worker threads too), and never a reason for a run to fail or differ. What
// happened is read from NODE_DEBUG=platlint-code-cache and from the cache files themselves,
// never from timing.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { BUNDLE, REPO_ROOT, cliEnv, manifests, removeTempDirs, runCli, tempDir, type RunResult } from './helpers.js';

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

/** A copy of the CLI's launcher and bundle in `dir` (as a package installs them); its launcher. */
function copyOfCli(dir: string): string {
  for (const file of ['platlint.mjs', 'platlint.script.js', 'kubernetes-client.cjs'])
    cpSync(join(REPO_ROOT, 'packages/cli/dist', file), join(dir, file));
  return join(dir, 'platlint.mjs');
}

/** `lint --format json .` in `cwd` by the CLI whose launcher is `launcher`, its cache in `cache`. */
function lintWith(
  launcher: string,
  cwd: string,
  cache: string,
  env: Record<string, string> = {},
): Pick<RunResult, 'status' | 'stdout' | 'stderr'> {
  return spawnSync(process.execPath, [launcher, 'lint', '--format', 'json', '.'], {
    cwd,
    env: cliEnv({ PLATLINT_CODE_CACHE: cache, ...DEBUG, ...env }),
    encoding: 'utf8',
  });
}

/** The file holding a cache directory's secret key (scripts/launcher/cache-key.mjs). */
const KEY = 'key';

/** What the launcher puts before V8's data in a file of `dir`: an HMAC-SHA256 of its name and data under the directory's key. */
const signature = (dir: string, name: string, data: Buffer): Buffer =>
  createHmac('sha256', readFileSync(join(dir, KEY)))
    .update(name)
    .update(data)
    .digest();

/** The report of a run without any cache, to compare the others with. */
const reference = (cwd: string): string =>
  runCli(['lint', '--format', 'json', '.'], { cwd, env: { PLATLINT_CODE_CACHE: '0' } }).stdout;

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
    expect(statSync(join(cache, KEY)).mode & 0o777).toBe(0o600);

    const second = lint(cwd, cache);
    expect(events(second.stderr)).toEqual(['hit']);
    const after = statSync(path);
    expect([after.ino, after.mtimeMs]).toEqual([written.ino, written.mtimeMs]);
    expect(second.status).toBe(0);
    expect(second.stdout).toBe(first.stdout);
    expect(second.stdout).toBe(reference(cwd));
  });

  it('is made again for a bundle changed in place, at the same length, the launcher unchanged', () => {
    const cwd = project();
    const cache = join(tempDir(), 'cache');
    const launcher = copyOfCli(tempDir());
    const first = lintWith(launcher, cwd, cache);
    expect(events(first.stderr)).toEqual(['miss', 'wrote']);
    const marker = join(tempDir(), 'marker');
    markerInLicenceComment(join(dirname(launcher), 'platlint.script.js'), 'the changed bundle ran');
    const changed = lintWith(launcher, cwd, cache, { PLATLINT_TEST_MARKER: marker });
    // Not the first bundle's code, which V8 would have run from the first file (same length).
    expect(events(changed.stderr)).toEqual(['miss', 'wrote']);
    expect(readFileSync(marker, 'utf8')).toBe('the changed bundle ran');
    expect(changed.stdout).toBe(first.stdout);
    expect(cacheFiles(cache)).toHaveLength(2);
  });

  it('is kept for a copy of the bundle elsewhere that keeps its modification time (an archive unpacked, a CI cache restored)', () => {
    const cwd = project();
    const cache = join(tempDir(), 'cache');
    const unpacked = (): string => {
      const launcher = copyOfCli(tempDir());
      for (const file of readdirSync(dirname(launcher))) utimesSync(join(dirname(launcher), file), 499162500, 499162500);
      return launcher;
    };
    expect(events(lintWith(unpacked(), cwd, cache).stderr)).toEqual(['miss', 'wrote']);
    expect(events(lintWith(unpacked(), cwd, cache).stderr)).toEqual(['hit']);
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
    const parallel = runCli(['lint', '--format', 'json', '--workers', '2', '.'], {
      cwd,
      env: { PLATLINT_CODE_CACHE: cache, ...DEBUG },
    });
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
    const middle = flipped.length >> 1;
    flipped[middle] = (flipped[middle] as number) ^ 0xff;
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
    // Intact as a file (an HMAC of its name and data under the directory's key, then the
    // data), but not V8's data.
    const data = Buffer.from('no code cache of any script');
    writeFileSync(join(cache, name), Buffer.concat([signature(cache, name, data), data]));
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
    const places = [
      join(base, 'a-file', 'cache'),
      shared,
      join(missingHome, '.cache', 'platlint'),
      ...(existsSync('/proc/self') ? ['/proc/platlint-cache'] : []),
    ];
    for (const cache of places) {
      const result = lint(cwd, cache);
      expect(result.status).toBe(0);
      expect(result.stdout).toBe(expected);
      // The shared directory is there, and refused for what it is.
      expect(events(result.stderr)).toEqual([cache === shared ? 'refused' : 'miss', 'not']);
    }
    expect(lint(cwd, shared).stderr).toMatch(/refused in .*: .*shared has mode 777: others may write to it/);
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
    const left = readdirSync(cache)
      .filter((f) => f !== KEY)
      .sort();
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
    expect(readdirSync(cache).filter((f) => f !== KEY)).toHaveLength(1);
    expect(events(lint(cwd, cache).stderr)).toEqual(['hit']);
  });
});

// Another local user who can reach the cache's path tries to have their code run by this one.
// The attacker's steps run as uid 65534 (nobody) through setpriv, which needs root.
const ATTACKER = 65534;
const canSwitchUser = process.getuid?.() === 0 && spawnSync('setpriv', ['--version']).status === 0;
const asAttacker = (args: string[]): string[] => [
  'setpriv',
  `--reuid=${ATTACKER}`,
  `--regid=${ATTACKER}`,
  '--clear-groups',
  ...args,
];

/**
 * The attacker's background processes, each the leader of its own process group. A test that
 * fails or times out never tells one to stop, and removeTempDirs then takes away the directory
 * of its stop file: without this it would run on after the tests, as uid 65534.
 */
const attackerGroups = new Set<ChildProcess>();

afterEach(() => {
  for (const child of attackerGroups) {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Gone between the check and the kill.
      }
    }
  }
  attackerGroups.clear();
});

/** Starts `args` as the attacker in the background, in a process group of its own that the teardown kills. */
function attackerStarts(args: string[]): ChildProcess {
  const [command, ...rest] = asAttacker(args) as [string, ...string[]];
  const child = spawn(command, rest, { stdio: 'ignore', detached: true });
  attackerGroups.add(child);
  return child;
}

/** Runs `args` as the attacker in `cwd`; throws with its output when it fails. */
function attackerRuns(args: string[], cwd: string, env: Record<string, string> = {}): void {
  const [command, ...rest] = asAttacker(args) as [string, ...string[]];
  const run = spawnSync(command, rest, { cwd, env: cliEnv({ HOME: '/nonexistent', ...env }), encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`the attacker's step ${args.join(' ')} failed: ${run.stderr}`);
}

// The attacker's forgery, run as the attacker: from the V8 data of their own bundle, files
// named after the genuine bundle's cache file, with what the launcher checks before V8 reads
// the data: a plain SHA-256 of name and data (all it checked before it had a key), and an HMAC
// under a key of the attacker's own, with that key.
const FORGE = `import { createHash, createHmac, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
const [name, made, out] = process.argv.slice(2);
const data = readFileSync(made + '/' + readdirSync(made).find((f) => f.endsWith('.bin'))).subarray(32);
const key = existsSync(made + '/key') ? readFileSync(made + '/key') : randomBytes(32);
writeFileSync(out + '/unkeyed', Buffer.concat([createHash('sha256').update(name).update(data).digest(), data]), { mode: 0o644 });
writeFileSync(out + '/signed', Buffer.concat([createHmac('sha256', key).update(name).update(data).digest(), data]), { mode: 0o644 });
writeFileSync(out + '/key', key, { mode: 0o600 });
`;

/**
 * The attacker's cache files for the genuine bundle's file `name`, in a directory of theirs
 * (`unkeyed`, `signed` and their `key`, all theirs). V8 takes data made from any script of
 * the same length, so they make it from a copy of the bundle whose licence comment is
 * replaced, at the same length, by code that writes `$PLATLINT_TEST_MARKER`.
 */
function forgeries(base: string, name: string): string {
  const attacker = join(base, 'attacker');
  const dist = join(attacker, 'dist');
  mkdirSync(dist, { recursive: true });
  copyOfCli(dist);
  markerInLicenceComment(join(dist, 'platlint.script.js'), 'attacker code ran');
  writeFileSync(join(attacker, 'forge.mjs'), FORGE);
  writeFileSync(join(attacker, 'ev.yaml'), manifests.endpoints);
  chownTree(attacker, ATTACKER);
  attackerRuns([process.execPath, join(dist, 'platlint.mjs'), 'lint', 'ev.yaml'], attacker, {
    PLATLINT_CODE_CACHE: join(attacker, 'made'),
  });
  attackerRuns([process.execPath, 'forge.mjs', name, 'made', '.'], attacker);
  return attacker;
}

/**
 * Replaces the licence comment of the bundle `script` by code that writes `text` to
 * `$PLATLINT_TEST_MARKER`: another script of the same length, which V8 would take a cache
 * of the first for.
 */
function markerInLicenceComment(script: string, text: string): void {
  const source = readFileSync(script, 'latin1');
  const start = source.lastIndexOf('/*! Bundled license information:');
  const end = source.indexOf('*/', start) + 2;
  const payload = `;process.env.PLATLINT_TEST_MARKER&&require("fs").writeFileSync(process.env.PLATLINT_TEST_MARKER,${JSON.stringify(text)});`;
  expect(start).toBeGreaterThan(0);
  writeFileSync(script, source.slice(0, start) + payload.padEnd(end - start) + source.slice(end), 'latin1');
  expect(statSync(script).size).toBe(statSync(join(REPO_ROOT, 'packages/cli/dist/platlint.script.js')).size);
}

function chownTree(path: string, uid: number): void {
  chownSync(path, uid, uid);
  if (statSync(path).isDirectory()) for (const entry of readdirSync(path)) chownTree(join(path, entry), uid);
}

/** A project, a base directory others can traverse, and the victim's genuine cache in it. */
function victim(): { cwd: string; base: string; expected: string; marker: string } {
  const cwd = project();
  const base = tempDir();
  // The attacker must reach it: the test run's temporary directory is 0700 (traversable, not
  // listable, is all they get of it).
  chmodSync(dirname(base), statSync(dirname(base)).mode | 0o111);
  chmodSync(base, 0o755);
  // Where the attacker's code would leave its mark if it ran in the victim's process.
  const marker = join(base, 'marker');
  return { cwd, base, expected: reference(cwd), marker };
}

describe.skipIf(!canSwitchUser)('the code cache and another user (needs root and setpriv, to act as uid 65534)', () => {
  it('never runs a cache file the other user wrote, whether theirs or signed with a key of theirs', () => {
    const { cwd, base, expected, marker } = victim();
    const cache = join(base, 'cache');
    lint(cwd, cache);
    const [name] = cacheFiles(cache) as [string];
    const attacker = forgeries(base, name);
    const plant = (file: string, owner: number) => {
      cpSync(join(attacker, file), join(cache, file === 'key' ? KEY : name));
      chownSync(join(cache, file === 'key' ? KEY : name), owner, owner);
    };
    let stderr = '';
    /** Lints as the victim: the attacker's code never runs, the report is right; the cache's events. */
    const run = (): string[] => {
      const result = lint(cwd, cache, { PLATLINT_TEST_MARKER: marker });
      expect(existsSync(marker)).toBe(false);
      expect(result.status).toBe(0);
      expect(result.stdout).toBe(expected);
      stderr = result.stderr;
      return events(result.stderr);
    };

    // Their file where the victim's was (as when a swap of a directory above wins the race).
    plant('unkeyed', ATTACKER);
    expect(run()).toEqual(['refused', 'wrote']);
    expect(stderr).toContain(`${name} belongs to uid ${ATTACKER}, not 0`);
    // The same bytes, as if the victim owned them: the MAC, which the attacker cannot make.
    plant('unkeyed', 0);
    expect(run()).toEqual(['miss', 'wrote']);
    // Their file with a MAC under their key, and their key in place of the victim's.
    const genuineKey = readFileSync(join(cache, KEY));
    plant('signed', ATTACKER);
    plant('key', ATTACKER);
    expect(run()).toEqual(['refused', 'not']);
    expect(stderr).toContain(`${KEY} belongs to uid ${ATTACKER}, not 0`);
    // A link or a FIFO in the key's place is no key either.
    rmSync(join(cache, KEY));
    symlinkSync(join(attacker, 'key'), join(cache, KEY));
    expect(run()).toEqual(['refused', 'not']);
    expect(stderr).toContain('ELOOP');
    rmSync(join(cache, KEY));
    expect(spawnSync('mkfifo', [join(cache, KEY)]).status).toBe(0);
    expect(run()).toEqual(['refused', 'not']);
    expect(stderr).toContain(`${KEY} is not a regular file`);

    // With the victim's own key back, the cache works again.
    rmSync(join(cache, KEY));
    writeFileSync(join(cache, KEY), genuineKey, { mode: 0o600 });
    expect(run()).toEqual(['refused', 'wrote']); // their signed file is still there
    expect(run()).toEqual(['hit']);
  });

  it('never runs what a directory the other user swaps in holds, however the swaps fall', async () => {
    const { cwd, base, expected, marker } = victim();
    // race/ is the attacker's; race/real the victim's private cache directory; race/evil the
    // attacker's, holding their forged file under the genuine name and their key; the victim's
    // cache path is race/platlint, a link the attacker points at either.
    const race = join(base, 'race');
    mkdirSync(join(race, 'real'), { recursive: true, mode: 0o700 });
    lint(cwd, join(race, 'real'));
    const [name] = cacheFiles(join(race, 'real')) as [string];
    const attacker = forgeries(base, name);
    mkdirSync(join(race, 'evil'), { mode: 0o755 });
    cpSync(join(attacker, 'unkeyed'), join(race, 'evil', name));
    cpSync(join(attacker, 'key'), join(race, 'evil', KEY));
    chownSync(race, ATTACKER, ATTACKER);
    chownTree(join(race, 'evil'), ATTACKER);
    const path = join(race, 'platlint');

    symlinkSync('evil', path);
    const pointedAtTheirs = lint(cwd, path, { PLATLINT_TEST_MARKER: marker });
    expect(events(pointedAtTheirs.stderr)).toEqual(['refused', 'not']);
    expect(pointedAtTheirs.stderr).toMatch(new RegExp(`belongs to uid ${ATTACKER}`));
    expect(existsSync(marker)).toBe(false);

    // The attacker flips the link between the two as fast as they can while the victim lints.
    const stop = join(base, 'stop');
    const flip = `const { existsSync, renameSync, symlinkSync } = require('node:fs');
for (let i = 0; !existsSync(${JSON.stringify(stop)}); i++) for (const to of ['real', 'evil']) { try { symlinkSync(to, ${JSON.stringify(race)} + '/.' + to); renameSync(${JSON.stringify(race)} + '/.' + to, ${JSON.stringify(path)}); } catch {} }`;
    const flipper = attackerStarts([process.execPath, '-e', flip]);
    const flipped = new Promise((resolve) => flipper.on('close', resolve));
    try {
      const seen = new Set<string>();
      for (let i = 0; i < 6; i++) {
        const result = lint(cwd, path, { PLATLINT_TEST_MARKER: marker });
        expect(existsSync(marker)).toBe(false);
        expect(result.status).toBe(0);
        expect(result.stdout).toBe(expected);
        events(result.stderr).forEach((e) => seen.add(e));
      }
      // Only the victim's own file was ever used, or none.
      expect([...seen].every((e) => ['hit', 'miss', 'refused', 'rejected', 'wrote', 'not'].includes(e))).toBe(true);
    } finally {
      writeFileSync(stop, '');
      await flipped;
    }
  });
});

/** `lint` as a child process that runs alongside others. */
function lintAsync(cwd: string, cache: string): Promise<{ status: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BUNDLE, 'lint', '--format', 'json', '.'], {
      cwd,
      env: cliEnv({ PLATLINT_CODE_CACHE: cache }),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.on('error', reject).on('close', (status) => resolve({ status, stdout }));
  });
}
