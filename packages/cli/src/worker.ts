import { parentPort, workerData } from 'node:worker_threads';
import type { PortableEntry } from '@platlint/core';
import type { WorkerMessage, WorkerRequest } from './parallel.js';
import { RunQueue, engineFor } from './parallel.js';

/**
 * Runs inside a worker thread: take files from the run's queue until it is empty, linting
 * those that need no index, send the share's part of the cross-document index, wait for the
 * other shares' parts, then finish and send the results. A worker the main thread gave up
 * on (the queue ran dry while it started) takes nothing and ends.
 */
export function runWorkerIfAsked(): boolean {
  const request = workerData as WorkerRequest | undefined;
  const port = parentPort;
  if (!request?.platlintWorker || !port) return false;
  const engine = engineFor(request.engine);
  const queue = new RunQueue(request.order, request.counters);
  if (!queue.begin(request.slot)) {
    port.close();
    return true;
  }
  const share = engine.share(queue.take(), { keepIndex: request.keepIndex });
  port.postMessage({ type: 'index', entries: engine.toPortable(share.index) } satisfies WorkerMessage);
  port.once('message', (others: PortableEntry[]) => {
    port.postMessage({
      type: 'results',
      results: share.finish([...share.index, ...engine.fromPortable(others)]),
    } satisfies WorkerMessage);
    port.close();
  });
  return true;
}
