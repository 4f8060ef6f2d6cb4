import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FileResult } from '@platlint/core';
import type { BatchOptions } from './lint-batch.js';
import { lintPaths } from './lint-batch.js';

/** Below this many files a worker's start-up costs more than it saves. */
export const PARALLEL_THRESHOLD = 200;

export interface WorkerRequest {
  platlintWorker: true;
  paths: string[];
  options: BatchOptions;
}

/**
 * Lints files on the main thread and `workers - 1` worker threads, dealing files out by
 * size so the shares take about as long. Results come back in the original order.
 */
export async function lintInParallel(paths: readonly string[], options: BatchOptions, workers: number, entry: URL, onProgress?: (done: number) => void): Promise<FileResult[]> {
  const shares = dealBySize(paths, workers);
  let done = 0;
  const report = (n: number): void => {
    done += n;
    onProgress?.(done);
  };
  const remote = shares.slice(1).map((share) => runWorker(share, options, entry).then((r) => (report(r.length), r)));
  // The main thread takes its share in slices so progress can be shown between them.
  const local: FileResult[] = [];
  const mine = shares[0] ?? [];
  for (let i = 0; i < mine.length; i += 50) {
    local.push(...lintPaths(mine.slice(i, i + 50), options));
    report(Math.min(50, mine.length - i));
    await new Promise((resolve) => setImmediate(resolve));
  }
  const results = [local, ...(await Promise.all(remote))];
  const byPath = new Map<string, FileResult>();
  results.flat().forEach((r) => byPath.set(r.path, r));
  return paths.map((p) => byPath.get(p)).filter((r): r is FileResult => r !== undefined);
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

function runWorker(paths: string[], options: BatchOptions, entry: URL): Promise<FileResult[]> {
  return new Promise((resolve, reject) => {
    const request: WorkerRequest = { platlintWorker: true, paths, options };
    const worker = new Worker(entry, { workerData: request });
    worker.once('message', (results: FileResult[]) => resolve(results));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`lint worker exited with code ${code}`));
    });
  });
}
