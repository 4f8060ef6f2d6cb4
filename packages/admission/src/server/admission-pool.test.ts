// The pool's respawn backoff: a worker that cannot start is retried later and later, not in a
// loop, and a worker that answers ends the backoff. Real worker threads run throw-away modules
// written here; only the main thread's clock is faked, so the waits between respawns are read
// off the clock instead of measured.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdmissionPool, respawnDelayMs } from './admission-pool.js';
import type { LogFields, Logger } from './log.js';

const THROWS_AT_LOAD = "throw new Error('broken at load');\n";
// Answers every job with a fixed decision, as a real worker answers with a real one.
const ANSWERS = `import { parentPort } from 'node:worker_threads';
parentPort.on('message', (m) => {
  if (m.type === 'job') parentPort.postMessage({ type: 'decided', id: m.id, decision: { status: 200, body: 'fake' } });
});
`;

interface Event extends LogFields {
  event: string;
}

/** A logger whose events a test can wait for. */
function recordingLogger(): Logger & { events: Event[]; next(match: (e: Event) => boolean): Promise<Event> } {
  const events: Event[] = [];
  const waiters: { match: (e: Event) => boolean; resolve: (e: Event) => void }[] = [];
  return {
    events,
    enabled: () => true,
    log(_level, event, fields = {}) {
      const e = { ...fields, event };
      events.push(e);
      for (const w of waiters.filter((w) => w.match(e))) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(e);
      }
    },
    next: (match) => new Promise((resolve) => waiters.push({ match, resolve })),
  };
}

type RecordingLogger = ReturnType<typeof recordingLogger>;

const startFailure = (n: number) => (e: Event) => e.startFailures === n;

/**
 * Lets `count` start-ups fail in a row, checking after each that nothing goes to a worker and
 * that the only thing waiting is the respawn, due exactly respawnDelayMs(failures) later.
 */
async function failStartUps(pool: AdmissionPool, logger: RecordingLogger, count: number, first: Promise<Event>): Promise<void> {
  let failed = first;
  for (let failures = 1; failures <= count; failures++) {
    const event = await failed;
    expect(event.why).toContain('broken at load');
    expect(vi.getTimerCount()).toBe(1);
    expect(pool.run('/validate', 0, new Uint8Array(0))).toBeUndefined();
    if (failures === count) return;
    failed = logger.next(startFailure(failures + 1));
    const before = Date.now();
    vi.advanceTimersToNextTimer();
    expect(Date.now() - before).toBe(respawnDelayMs(failures));
  }
}

describe('respawnDelayMs', () => {
  it('doubles with each start-up failure in a row, up to a cap of some seconds', () => {
    expect(respawnDelayMs(0)).toBe(0);
    const delays = Array.from({ length: 12 }, (_, i) => respawnDelayMs(i + 1));
    expect(delays[0]).toBeGreaterThan(0);
    const cap = delays.at(-1) as number;
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBe(Math.min(2 * (delays[i - 1] as number), cap));
    // The cap is reached, and stays.
    expect(delays.at(-2)).toBe(cap);
    expect(delays.at(-1)).toBeGreaterThanOrEqual(1000);
    expect(delays.at(-1)).toBeLessThanOrEqual(60_000);
  });
});

const FALLBACK = { type: 'no-state' } as const;

/**
 * Gives the pool its first job, which starts its first worker; that worker fails at start-up
 * here, so the job is decided by the fallback its caller gave, not lost.
 */
async function startByAJob(pool: AdmissionPool): Promise<void> {
  const job = pool.run('/validate', 0, new TextEncoder().encode('{}'), true, () => FALLBACK);
  expect(job).toBeInstanceOf(Promise);
  await expect(job).resolves.toBe(FALLBACK);
}

describe('AdmissionPool with a worker that fails at start-up', () => {
  let dir: string;
  let pool: AdmissionPool | undefined;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'platlint-pool-'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await pool?.close();
    pool = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  function startPool(logger: Logger, entry: string, workers = 1): AdmissionPool {
    return new AdmissionPool(
      {
        entry: pathToFileURL(entry),
        workers,
        maxHeapMb: 64,
        hardLimitMs: 60_000,
        admitOptions: { timeoutMs: 1000 },
        validateConfig: undefined,
      },
      logger,
    );
  }

  it('waits longer after each failure, reports the workers unavailable once, and decides nothing on a worker meanwhile', async () => {
    const entry = join(dir, 'worker.mjs');
    writeFileSync(entry, THROWS_AT_LOAD);
    const logger = recordingLogger();
    const first = logger.next(startFailure(1));
    pool = startPool(logger, entry);
    await startByAJob(pool);
    await failStartUps(pool, logger, 6, first);
    expect(logger.events.map((e) => e.event)).toEqual([
      'admission.worker_started',
      'admission.worker_replaced',
      'admission.worker_replaced',
      'admission.worker_unavailable',
      'admission.worker_start_failed',
      'admission.worker_start_failed',
      'admission.worker_start_failed',
    ]);
  });

  it('ends the backoff once a worker answers, and gives it jobs again', async () => {
    const entry = join(dir, 'worker.mjs');
    writeFileSync(entry, THROWS_AT_LOAD);
    const logger = recordingLogger();
    const first = logger.next(startFailure(1));
    pool = startPool(logger, entry);
    await startByAJob(pool);
    await failStartUps(pool, logger, 3, first);
    // The module is fixed (say, redeployed): the next attempt starts and answers its probe.
    writeFileSync(entry, ANSWERS);
    const available = logger.next((e) => e.event === 'admission.worker_available');
    vi.advanceTimersToNextTimer();
    expect((await available).afterFailures).toBe(3);
    const decided = pool.run('/validate', 0, new TextEncoder().encode('{}'));
    expect(decided).toBeInstanceOf(Promise);
    await expect(decided).resolves.toEqual({ status: 200, body: 'fake' });
  });
});

describe('AdmissionPool starting its workers', () => {
  let dir: string;
  let pool: AdmissionPool | undefined;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'platlint-pool-'));
  });
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts none before a job needs one, and another only while each one started has work', async () => {
    const entry = join(dir, 'worker.mjs');
    writeFileSync(entry, ANSWERS);
    const logger = recordingLogger();
    pool = new AdmissionPool(
      {
        entry: pathToFileURL(entry),
        workers: 2,
        maxHeapMb: 64,
        hardLimitMs: 60_000,
        admitOptions: { timeoutMs: 1000 },
        validateConfig: undefined,
      },
      logger,
    );
    const started = () => logger.events.filter((e) => e.event === 'admission.worker_started').map((e) => e.workers);
    const job = () => pool?.run('/validate', 0, new TextEncoder().encode('{}'));
    // Constructed, the pool runs no thread (its first worker is what the next job starts).
    expect(started()).toEqual([]);
    await expect(job()).resolves.toEqual({ status: 200, body: 'fake' });
    expect(started()).toEqual([1]);
    // The first worker is idle again: it takes the next job.
    await expect(job()).resolves.toEqual({ status: 200, body: 'fake' });
    expect(started()).toEqual([1]);
    // Two at once: the second starts the second worker; a third waits for the less busy one.
    await expect(Promise.all([job(), job(), job()])).resolves.toHaveLength(3);
    expect(started()).toEqual([1, 2]);
  });
});
