// The CLI caps V8's young generation in batch runs (packages/cli/src/gc-settings.ts): its
// semi-spaces grow no larger than SEMI_SPACE_CAP_MB on every lint thread, unless the user sizes
// them when starting node. A preload module reports each thread's young generation as it ends.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SEMI_SPACE_CAP_MB } from '../../packages/cli/src/gc-settings.js';
import { manifests, removeTempDirs, runCli, tempDir } from './helpers.js';

afterAll(removeTempDirs);

const PROBE = `
const { writeSync } = require('node:fs');
const { getHeapSpaceStatistics } = require('node:v8');
const { isMainThread, MessagePort } = require('node:worker_threads');
const report = () => {
  const young = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
  writeSync(2, 'young generation ' + (isMainThread ? 'main' : 'worker') + ' ' + young.space_size + '\\n');
};
if (isMainThread) process.on('exit', report);
else {
  // The main thread ends a worker once its results are in (parallel.ts, RemoteShare.stop),
  // which may come before the worker's own exit: so a worker reports as it sends each message.
  const post = MessagePort.prototype.postMessage;
  MessagePort.prototype.postMessage = function (...args) {
    report();
    return post.apply(this, args);
  };
}
`;
const MiB = 1024 * 1024;
/** Both semi-spaces at the cap. */
const CAPPED = 2 * SEMI_SPACE_CAP_MB * MiB;

/**
 * Enough documents (about 2 MB) that V8's default growth takes the young generation past the
 * cap, to its maximum. V8 grows it when much survives a collection: in files of 1,000
 * documents each, what a file holds lives while the file is linted (in small files it dies
 * young, core/src/lint/file-memo.ts, and the space has no need to grow).
 */
function run(): string {
  const files: Record<string, string> = { 'probe.cjs': PROBE };
  for (let f = 0; f < 3; f++)
    files[`manifests/f${f}.yaml`] = Array.from({ length: 1_000 }, (_, d) => manifests.validDeployment(`app-${f}-${d}`)).join(
      '---\n',
    );
  return tempDir(files);
}

/** Each thread's young generation in bytes, by thread kind, from the probe's lines. */
function youngGenerations(stderr: string): { thread: string; bytes: number }[] {
  return [...stderr.matchAll(/^young generation (main|worker) (\d+)$/gm)].map((m) => ({ thread: m[1]!, bytes: Number(m[2]) }));
}

describe('the young generation of a lint', () => {
  const root = run();
  const lint = (workers: string, nodeOptions = ''): ReturnType<typeof runCli> =>
    runCli(['lint', 'manifests', '--format', 'json', '-o', '/dev/null', '--workers', workers], {
      cwd: root,
      env: { NODE_OPTIONS: `--require ${join(root, 'probe.cjs')} ${nodeOptions}`, PLATLINT_CODE_CACHE: '0' },
      timeout: 120_000,
    });

  // Measured as the process exits, after the report is written: the cap holds until then
  // (released as soon as the lint was done, it let V8 double the space twice while the report
  // was written, which the full suite's load made likely).
  it('grows to the cap and no further on one thread', () => {
    const result = lint('1');
    expect(result.status).toBe(0);
    expect(youngGenerations(result.stderr)).toEqual([{ thread: 'main', bytes: CAPPED }]);
  });

  it("grows no further than the cap on a worker thread of --workers 2 (the main thread keeps V8's growth there)", () => {
    const result = lint('2');
    expect(result.status).toBe(0);
    const threads = youngGenerations(result.stderr);
    expect([...new Set(threads.map((t) => t.thread))].sort()).toEqual(['main', 'worker']);
    for (const { bytes } of threads.filter((t) => t.thread === 'worker')) expect(bytes).toBeLessThanOrEqual(CAPPED);
  });

  it('leaves the flags as they were when the process exits: the code cache it writes is used by the next run', () => {
    // V8 rejects a code cache made under other flags (the launcher writes it after the lint).
    const cache = join(tempDir(), 'cache');
    const cached = (): string =>
      runCli(['lint', 'manifests', '--format', 'json', '-o', '/dev/null', '--workers', '1'], {
        cwd: root,
        env: { PLATLINT_CODE_CACHE: cache, NODE_DEBUG: 'platlint-code-cache' },
        timeout: 120_000,
      }).stderr;
    expect(cached()).toMatch(/: miss in /);
    expect(cached()).toMatch(/: hit in /);
  });

  it('grows to the size a user gives node (--max-semi-space-size in NODE_OPTIONS)', () => {
    const result = lint('1', `--max-semi-space-size=${4 * SEMI_SPACE_CAP_MB}`);
    expect(result.status).toBe(0);
    const [main] = youngGenerations(result.stderr);
    expect(main!.bytes).toBeGreaterThan(CAPPED);
  });
});
