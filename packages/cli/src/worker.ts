import { parentPort, workerData } from 'node:worker_threads';
import { lintPaths } from './lint-batch.js';
import type { WorkerRequest } from './parallel.js';

/** Runs inside a worker thread: lint the share of files it was given and send the results. */
export function runWorkerIfAsked(): boolean {
  const request = workerData as WorkerRequest | undefined;
  if (!request?.platlintWorker || !parentPort) return false;
  parentPort.postMessage(lintPaths(request.paths, request.options));
  return true;
}
