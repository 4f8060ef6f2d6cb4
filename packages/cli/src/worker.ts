import { parentPort, workerData } from 'node:worker_threads';
import type { SharedObject } from './lint-batch.js';
import { Batch, receiveObjects, shareObjects } from './lint-batch.js';
import type { WorkerMessage, WorkerRequest } from './parallel.js';

/**
 * Runs inside a worker thread: read the share of files, tell the main thread which of
 * their objects other shares need, wait for theirs, then lint and send the results.
 */
export function runWorkerIfAsked(): boolean {
  const request = workerData as WorkerRequest | undefined;
  const port = parentPort;
  if (!request?.platlintWorker || !port) return false;
  const batch = new Batch(request.paths, request.options);
  port.postMessage({ type: 'objects', objects: shareObjects(batch.sources) } satisfies WorkerMessage);
  port.once('message', (others: SharedObject[]) => {
    port.postMessage({ type: 'results', results: batch.lint(receiveObjects(others)) } satisfies WorkerMessage);
    port.close();
  });
  return true;
}
