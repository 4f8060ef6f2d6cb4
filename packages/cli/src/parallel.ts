import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { BatchOptions, LintedFile, SharedObject } from './lint-batch.js';
import { Batch, receiveObjects, shareObjects } from './lint-batch.js';

/** Below this many files a worker's start-up costs more than it saves. */
export const PARALLEL_THRESHOLD = 200;

export interface WorkerRequest {
  platlintWorker: true;
  paths: string[];
  options: BatchOptions;
}

/** Messages from a worker: first the objects other threads need, then its results. */
export type WorkerMessage = { type: 'objects'; objects: SharedObject[] } | { type: 'results'; results: LintedFile[] };

/**
 * Lints files on the main thread and `workers - 1` worker threads, dealing files out by
 * size so the shares take about as long. Rules that look across documents still see the
 * whole run: every share first reports the objects such rules read, then each share is
 * linted with the others' objects. Results come back in the original order.
 */
export async function lintInParallel(paths: readonly string[], options: BatchOptions, workers: number, entry: URL, onProgress?: (done: number) => void): Promise<LintedFile[]> {
  const shares = dealBySize(paths, workers);
  const remote = shares.slice(1).map((share) => new RemoteShare(share, options, entry));
  const local = new Batch(shares[0] ?? [], options);
  const localObjects = shareObjects(local.sources);
  const remoteObjects = await Promise.all(remote.map((r) => r.objects));
  const everyone = [localObjects, ...remoteObjects];
  const othersOf = (i: number): SharedObject[] => everyone.filter((_, k) => k !== i).flat();
  const pending = remote.map((r, i) => r.lint(othersOf(i + 1)).then((results) => (onProgress?.(results.length), results)));
  const mine = local.lint(receiveObjects(othersOf(0)));
  onProgress?.(mine.length);
  const byPath = new Map<string, LintedFile>();
  for (const r of [mine, ...(await Promise.all(pending))].flat()) byPath.set(r.path, r);
  return paths.map((p) => byPath.get(p)).filter((r): r is LintedFile => r !== undefined);
}

/** One worker thread and its two-step conversation. */
class RemoteShare {
  private readonly worker: Worker;
  readonly objects: Promise<SharedObject[]>;
  private results: Promise<LintedFile[]>;

  constructor(paths: string[], options: BatchOptions, entry: URL) {
    const request: WorkerRequest = { platlintWorker: true, paths, options };
    this.worker = new Worker(entry, { workerData: request });
    const failed = new Promise<never>((_, reject) => {
      this.worker.once('error', reject);
      this.worker.once('exit', (code) => code !== 0 && reject(new Error(`lint worker exited with code ${code}`)));
    });
    failed.catch(() => undefined); // observed through the two promises below
    this.objects = Promise.race([this.next('objects').then((m) => m.objects), failed]);
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

  lint(others: SharedObject[]): Promise<LintedFile[]> {
    this.worker.postMessage(others);
    return this.results;
  }
}

export function defaultWorkers(): number {
  return Math.max(1, Math.min(availableParallelism(), 8));
}

function dealBySize(paths: readonly string[], n: number): string[][] {
  const sized = paths.map((p) => ({ p, size: safeSize(p) })).sort((a, b) => b.size - a.size);
  const shares = Array.from({ length: n }, () => ({ files: [] as string[], total: 0 }));
  for (const { p, size } of sized) {
    const lightest = shares.reduce((a, b) => (b.total < a.total ? b : a));
    lightest.files.push(p);
    lightest.total += size;
  }
  return shares.map((s) => s.files);
}

function safeSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}
