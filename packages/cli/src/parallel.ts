import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { LintEngine } from '@platlint/core';
import type { IndexedResult, PortableEntry, RuleSetting } from '@platlint/core';
import { knownRuleIds, rules } from '@platlint/rules';

/** Below this many files a worker's start-up costs more than it saves. */
export const PARALLEL_THRESHOLD = 200;

/** What a worker needs to build the same engine as the main thread. */
export interface EngineRequest {
  cwd: string;
  configFile: string | undefined;
  ruleOverrides: Record<string, RuleSetting>;
}

export interface WorkerRequest {
  platlintWorker: true;
  paths: string[];
  engine: EngineRequest;
  /** Return each file's index entries with its findings (for the cache). */
  keepIndex: boolean;
}

/** Messages from a worker: first its share of the cross-document index, then its results. */
export type WorkerMessage = { type: 'index'; entries: PortableEntry[] } | { type: 'results'; results: IndexedResult[] };

export function engineFor(request: EngineRequest): LintEngine {
  return new LintEngine({ ...request, rules, knownRuleIds });
}

/**
 * Lints files on the main thread and `workers - 1` worker threads, dealing files out by
 * size so the shares take about as long. Cross-document rules still see the whole run:
 * every share first sends its part of the index, then finishes with everyone's. Results
 * come back in the original order.
 */
export interface ParallelRun {
  workers: number;
  /** The CLI's entry module, which a worker thread starts from. */
  entry: URL;
  onProgress?: ((done: number) => void) | undefined;
  keepIndex?: boolean;
  /** Index entries of files outside the run (a cache's), which every share sees. */
  storedIndex?: readonly PortableEntry[];
}

export async function lintInParallel(paths: readonly string[], request: EngineRequest, run: ParallelRun): Promise<IndexedResult[]> {
  const { onProgress, keepIndex = false } = run;
  const shares = dealBySize(paths, run.workers);
  const engine = engineFor(request);
  const remote = shares.slice(1).map((share) => new RemoteShare(share, request, run.entry, keepIndex));
  const local = engine.share(shares[0] ?? [], { keepIndex });
  const localEntries = engine.toPortable(local.index);
  const remoteEntries = await Promise.all(remote.map((r) => r.index));
  const everyone = [localEntries, ...remoteEntries, [...(run.storedIndex ?? [])]];
  const othersOf = (i: number): PortableEntry[] => everyone.filter((_, k) => k !== i).flat();
  const pending = remote.map((r, i) => r.lint(othersOf(i + 1)).then((results) => (onProgress?.(results.length), results)));
  const mine = local.finish([...local.index, ...engine.fromPortable(othersOf(0))]);
  onProgress?.(mine.length);
  const byPath = new Map<string, IndexedResult>();
  for (const r of [mine, ...(await Promise.all(pending))].flat()) byPath.set(r.path, r);
  return paths.map((p) => byPath.get(p)).filter((r): r is IndexedResult => r !== undefined);
}

/** One worker thread and its two-step conversation. */
class RemoteShare {
  private readonly worker: Worker;
  readonly index: Promise<PortableEntry[]>;
  private results: Promise<IndexedResult[]>;

  constructor(paths: string[], engine: EngineRequest, entry: URL, keepIndex: boolean) {
    const request: WorkerRequest = { platlintWorker: true, paths, engine, keepIndex };
    this.worker = new Worker(entry, { workerData: request });
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
