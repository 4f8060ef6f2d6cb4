import { parentPort, workerData } from 'node:worker_threads';
import type { PortableEntry } from '@platlint/core';
import type { WorkerMessage, WorkerRequest } from './parallel.js';
import { engineFor } from './parallel.js';

/**
 * Runs inside a worker thread: lint the share's files that need no index, send the share's
 * part of the cross-document index, wait for the other shares' parts, then finish and send
 * the results.
 */
export function runWorkerIfAsked(): boolean {
  const request = workerData as WorkerRequest | undefined;
  const port = parentPort;
  if (!request?.platlintWorker || !port) return false;
  const engine = engineFor(request.engine);
  const share = engine.share(request.paths, { keepIndex: request.keepIndex });
  port.postMessage({ type: 'index', entries: engine.toPortable(share.index) } satisfies WorkerMessage);
  port.once('message', (others: PortableEntry[]) => {
    port.postMessage({ type: 'results', results: share.finish([...share.index, ...engine.fromPortable(others)]) } satisfies WorkerMessage);
    port.close();
  });
  return true;
}
