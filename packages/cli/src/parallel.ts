import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type {
  DefinitionSource,
  DirectoryListings,
  LintEngine,
  IndexedResult,
  PortableEntry,
  ReadFiles,
  RuleSetting,
} from '@platlint/core';
import { createLintEngine } from '@platlint/rules';
import { workerYoungGeneration } from './gc-settings.js';

/**
 * A run of at least this many bytes of manifests uses a second thread by default, and each
 * further thread needs this many more. A second thread has a cost of its own that does not
 * shrink as the lint gets faster: the worker loading the CLI and building its engine (about
 * 0.1 CPU-s), its code running unoptimised at first, and the runtime compiling and collecting
 * for a second heap; in all 0.25 CPU-s at 3 MB, 0.5 at 32 MB and 0.9 at 95 MB. Measured on
 * two cores (5 alternating runs, code cache on, 2026-11-28), wall time of `--workers 2` over
 * `--workers 1`, and the CPU time it adds:
 *
 *   generated corpus (test/bench/generate-corpus.mjs):  3 MB 1.08 (+0.25 CPU-s), 8 MB 1.05
 *   (+0.36), 16 MB 0.94 (+0.44), 32 MB 0.84 (+0.51), 95 MB 0.74 (+0.89);
 *   the real-world corpus (small files, ~0.12 CPU-s per MB where the generated one takes
 *   ~0.04), copied 6 and 12 times: 14 MB 1.02 (+0.51), 29 MB 0.92 (+0.68).
 *
 * So a second thread gains nothing below about 15 MB, and a tenth of the wall time only from
 * about 30 MB; below that it takes CPU time a shared machine (CI) could use elsewhere. (When
 * the lint cost ~0.4 CPU-s per MB, it broke even at about 4 MB and this was 10 MB.)
 *
 * Where the second thread's CPU goes (10,000 generated documents, threads.bench.mjs): the
 * main thread 1.21 CPU-s alone; 0.87 + 0.71 for the two threads, V8's helper threads 0.16
 * then 0.24. One thread's helpers run on the idle core and cost no wall time; two lint
 * threads share both cores with them. Besides the worker's start-up, the extra is mostly the
 * second isolate running the same functions unoptimised until they are hot and optimising
 * them again, and collecting its own heap. No V8 flag tried lowered it (interrupt budgets
 * 8x-32x of V8's, --maglev, --always-sparkplug, --no-lazy-feedback-allocation, heap growth
 * 50% and 100%, 16 MiB semi-spaces).
 *
 * What the bench's ratio allows (issue 25 asks for 0.95 of the two-core ceiling): one
 * thread's bound is its main thread alone, as V8's helpers run on the idle core; two lint
 * threads leave no idle core, so their bound is the whole CPU time over two. With ~0.5 CPU-s
 * added to a 1.2 CPU-s lint, that is (1.37 + 0.5) / 2 = 0.93 against 1.21: a speed-up of
 * 1.30 where two bare parses of the halves reach 1.70, a ratio of 0.77. The ratio nears the
 * ceiling only where the lint is long beside the fixed cost: 0.83 at 95 MB on this machine,
 * 0.91-0.99 at 32 MB on a machine on which the lint took 2.5 times as long.
 */
export const BYTES_PER_THREAD = 30_000_000;

/** At most this many threads by default, as before (only two cores were at hand to measure). */
export const MAX_DEFAULT_THREADS = 8;

/** What a worker needs to build the same engine as the main thread. */
export interface EngineRequest {
  cwd: string;
  configFile: string | undefined;
  ruleOverrides: Record<string, RuleSetting>;
  /** The CustomResourceDefinitions the run knows (every thread builds the same catalog from them). */
  definitions?: DefinitionSource[];
  /** The paths the run was given, for the kustomizations of trees outside `cwd` (LintEngineOptions.roots). */
  roots?: string[];
}

export interface WorkerRequest {
  platlintWorker: true;
  /** The run's files in the order they are taken (see RunQueue). */
  order: string[];
  /** The queue's counters, shared by every thread of the run. */
  counters: SharedArrayBuffer;
  /** This worker's slot in the counters (its state: starting, taking files, or abandoned). */
  slot: number;
  engine: EngineRequest;
  /** Return each file's index entries with its findings (for the cache). */
  keepIndex: boolean;
}

/** Messages from a worker: first its share of the cross-document index, then its results. */
export type WorkerMessage = { type: 'index'; entries: PortableEntry[] } | { type: 'results'; results: IndexedResult[] };

/** The engine a request describes; `listings`, on the thread that walks the run's directories, are the walk's (find-files.ts). */
export function engineFor(request: EngineRequest, listings?: DirectoryListings): LintEngine {
  return createLintEngine({ ...request, listings });
}

/**
 * Where a worker stands, in its slot of the counters (see RunQueue.begin and abandon). The
 * main thread does not wait for a worker that has not begun taking files when the queue
 * runs dry: it marks it abandoned, and the worker, seeing that, takes nothing. So a thread
 * that starts late never delays a run.
 */
const STARTING = 0;
const TAKING = 1;
const ABANDONED = 2;

/** The files of a run, largest first, and their total size. */
export interface SizedRun {
  order: string[];
  bytes: number;
}

/**
 * Orders files largest first. Threads then take them from the front as each becomes free
 * (see RunQueue): the costly files go early, the small ones fill in at the end, and the
 * threads finish together whatever their start-up delay and however the cost per byte varies.
 */
export function sizeUp(paths: readonly string[], sizeOf?: (path: string) => number | undefined): SizedRun {
  const sized = paths.map((path) => ({ path, size: sizeOf?.(path) ?? safeSize(path) }));
  // Ties keep the run's order, so the order does not depend on how the sort breaks them.
  sized.sort((a, b) => b.size - a.size);
  return { order: sized.map((s) => s.path), bytes: sized.reduce((sum, s) => sum + s.size, 0) };
}

/** Threads for a run of this many bytes when `--workers` does not say (see BYTES_PER_THREAD). */
export function defaultWorkers(bytes: number, cores = availableParallelism()): number {
  return Math.max(1, Math.min(cores, MAX_DEFAULT_THREADS, 1 + Math.floor(bytes / BYTES_PER_THREAD)));
}

/**
 * The files of a run in taking order, with a counter in memory every thread shares: a thread
 * takes the next file by adding one to it, so no file is taken twice and none is missed,
 * without a message per file.
 */
export class RunQueue {
  private readonly counters: Int32Array;

  constructor(
    readonly order: readonly string[],
    counters: SharedArrayBuffer,
  ) {
    this.counters = new Int32Array(counters);
  }

  /** Counters for a queue served to `workers` worker threads besides the main thread. */
  static counters(workers: number): SharedArrayBuffer {
    return new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT * (1 + workers));
  }

  /** The files this thread takes, one at a time, until the queue is empty; `onTaken` hears how many every thread has taken. */
  *take(onTaken?: (taken: number) => void): Generator<string> {
    for (const [, path] of this.takeWithPlace(onTaken)) yield path;
  }

  /** The same, each with its place in `order`. */
  *takeWithPlace(onTaken?: (taken: number) => void): Generator<[number, string]> {
    for (;;) {
      const next = Atomics.add(this.counters, 0, 1);
      if (next >= this.order.length) return;
      onTaken?.(next + 1);
      yield [next, this.order[next] as string];
    }
  }

  /** A worker about to take files: false when the main thread has already given up on it. */
  begin(slot: number): boolean {
    return Atomics.compareExchange(this.counters, slot, STARTING, TAKING) === STARTING;
  }

  /** The main thread gives up on a worker that has not begun; false when it has begun (then its share must be awaited). */
  abandon(slot: number): boolean {
    return Atomics.compareExchange(this.counters, slot, STARTING, ABANDONED) === STARTING;
  }
}

/**
 * Lints files on the main thread and `workers - 1` worker threads, which all take files from
 * one queue, largest first. Cross-document rules still see the whole run: every share first
 * sends its part of the index, then finishes with everyone's. Results come back in the
 * order of `paths`.
 */
export interface ParallelRun {
  workers: number;
  /** The CLI's entry module, which a worker thread starts from. */
  entry: URL;
  onProgress?: ((done: number) => void) | undefined;
  keepIndex?: boolean;
  /** Index entries of files outside the run (a cache's), which every share sees. */
  storedIndex?: readonly PortableEntry[];
  /** The main thread's engine when it has one already (built from the same request); otherwise one is built. */
  engine?: LintEngine;
  /** Files the run has read already: this thread takes those it lints, and lets the others go. */
  read?: ReadFiles;
}

export async function lintInParallel(
  paths: readonly string[],
  sized: SizedRun,
  request: EngineRequest,
  run: ParallelRun,
): Promise<IndexedResult[]> {
  const { keepIndex = false } = run;
  const counters = RunQueue.counters(run.workers - 1);
  const queue = new RunQueue(sized.order, counters);
  // The workers first: each starts (node's bootstrap, the bundle, its engine) while this thread
  // gets on with its own share, rather than after it.
  const remote = Array.from(
    { length: run.workers - 1 },
    (_, i) =>
      new RemoteShare({ platlintWorker: true, order: sized.order, counters, slot: i + 1, engine: request, keepIndex }, run.entry),
  );
  try {
    const engine = run.engine ?? engineFor(request);
    const local = engine.share(takenHere(queue, run.read, progressEvery(100, run.onProgress)), { keepIndex, read: run.read });
    // The queue is dry: a worker still starting would find nothing to do.
    const working: RemoteShare[] = [];
    for (const r of remote) {
      if (queue.abandon(r.slot)) r.stop();
      else working.push(r);
    }
    const indexes = [
      engine.toPortable(local.index),
      ...(await Promise.all(working.map((r) => r.index))),
      [...(run.storedIndex ?? [])],
    ];
    const othersOf = (i: number): PortableEntry[] => indexes.filter((_, k) => k !== i).flat();
    const pending = working.map((r, i) => r.lint(othersOf(i + 1)));
    const mine = local.finish([...local.index, ...engine.fromPortable(othersOf(0))]);
    const byPath = new Map<string, IndexedResult>();
    for (const r of [mine, ...(await Promise.all(pending))].flat()) byPath.set(r.path, r);
    return paths.map((p) => byPath.get(p)).filter((r): r is IndexedResult => r !== undefined);
  } catch (error) {
    // A failed run leaves no thread behind to keep the process alive.
    for (const r of remote) r.stop();
    throw error;
  }
}

/**
 * The files this thread takes from the queue. What the run read already of the files the
 * other threads take (they read their own) is let go as this thread passes their places in
 * the queue, and the rest once the queue is dry.
 */
export function* takenHere(queue: RunQueue, read: ReadFiles | undefined, onTaken?: (taken: number) => void): Generator<string> {
  let passed = 0;
  for (const [place, path] of queue.takeWithPlace(onTaken)) {
    for (; passed < place; passed++) read?.drop(queue.order[passed] as string);
    passed = place + 1;
    yield path;
  }
  read?.clear();
}

/** Calls `report` with the count each time it passes a multiple of `every` (progress for people, not per file). */
function progressEvery(every: number, report: ((done: number) => void) | undefined): ((taken: number) => void) | undefined {
  if (!report) return undefined;
  let reported = 0;
  return (taken) => {
    if (taken - reported < every) return;
    reported = taken - (taken % every);
    report(reported);
  };
}

/** One worker thread and its two-step conversation. */
class RemoteShare {
  private readonly worker: Worker;
  readonly slot: number;
  readonly index: Promise<PortableEntry[]>;
  private results: Promise<IndexedResult[]>;

  constructor(request: WorkerRequest, entry: URL) {
    this.slot = request.slot;
    this.worker = new Worker(entry, { workerData: request, resourceLimits: workerYoungGeneration() });
    const failed = new Promise<never>((_, reject) => {
      this.worker.once('error', reject);
      this.worker.once('exit', (code) => code !== 0 && reject(new Error(`lint worker exited with code ${code}`)));
    });
    failed.catch(() => undefined); // observed through the two promises below
    this.index = Promise.race([this.next('index').then((m) => m.entries), failed]);
    this.results = Promise.race([this.next('results').then((m) => m.results), failed]);
  }

  private next<T extends WorkerMessage['type']>(type: T): Promise<Extract<WorkerMessage, { type: T }>> {
    return new Promise((resolve) => {
      const listen = (message: WorkerMessage): void => {
        if (message.type !== type) return;
        this.worker.off('message', listen);
        resolve(message as Extract<WorkerMessage, { type: T }>);
      };
      this.worker.on('message', listen);
    });
  }

  lint(others: PortableEntry[]): Promise<IndexedResult[]> {
    this.worker.postMessage(others);
    return this.results;
  }

  /** Ends the thread without waiting for it (it has nothing the run needs). */
  stop(): void {
    this.worker
      .removeAllListeners('error')
      .removeAllListeners('exit')
      .on('error', () => undefined);
    void this.worker.terminate();
  }
}

function safeSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}
