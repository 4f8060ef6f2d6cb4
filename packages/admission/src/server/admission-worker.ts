// The admission work of the webhook on a worker thread: what the main thread does not decide
// itself (see decision-router.ts) — large bodies, /validate, requests whose policies ran past
// the main thread's slice. The worker keeps the states the main thread publishes, by
// generation, and decides each request with the generation the main thread names for it.
import { parentPort, workerData } from 'node:worker_threads';
import type { JsonObject } from '../json.js';
import type { State } from '../state/state.js';
import { decideRequest, type AdmissionPath, type Decision, type DecisionSettings } from './decision.js';
import { stateFromFiles, type StateFile } from './state-files.js';

export interface AdmissionWorkerData extends DecisionSettings {
  platlintAdmissionWorker: true;
}

/**
 * `crds`: the CustomResourceDefinitions /validate lints with (the state's or the cluster's),
 * sent when they change, before the first request that must see them.
 */
export type ToWorker =
  | { type: 'state'; generation: number; files: StateFile[] }
  | { type: 'crds'; crds: JsonObject[] }
  | { type: 'job'; id: number; path: AdmissionPath; generation: number; body: Uint8Array };
export type FromWorker =
  | { type: 'decided'; id: number; decision: Decision }
  | { type: 'failed'; id: number; message: string }
  | { type: 'state-built'; generation: number; ms: number };

/** Older generations are kept for requests still on their way; two are plenty. */
const KEPT_GENERATIONS = 2;

/** Runs the admission worker when this thread was started as one; false otherwise. */
export function runAdmissionWorkerIfAsked(): boolean {
  const data = workerData as AdmissionWorkerData | undefined;
  const port = parentPort;
  if (!data?.platlintAdmissionWorker || !port) return false;
  // A state is built from its files when a request first needs it, not when it is published:
  // most requests are decided on the main thread, and building it (linting, compiling CEL)
  // at start-up or on every reload would compete for the CPU with the probes and the
  // requests the main thread is answering. /validate needs no state, only its CRDs.
  const states = new Map<number, { files: StateFile[]; state?: State }>();
  const stateOf = (generation: number): State | undefined => {
    const entry = states.get(generation);
    if (entry && !entry.state) {
      const started = performance.now();
      entry.state = stateFromFiles(entry.files);
      port.postMessage({ type: 'state-built', generation, ms: Math.round(performance.now() - started) } satisfies FromWorker);
    }
    return entry?.state;
  };
  let crds: JsonObject[] = [];
  port.on('message', (message: ToWorker) => {
    if (message.type === 'crds') {
      crds = message.crds;
      return;
    }
    if (message.type === 'state') {
      states.set(message.generation, { files: message.files });
      for (const generation of [...states.keys()].sort((a, b) => a - b).slice(0, -KEPT_GENERATIONS)) states.delete(generation);
      return;
    }
    try {
      const state = message.path === '/mutate' ? stateOf(message.generation) : undefined;
      port.postMessage({
        type: 'decided',
        id: message.id,
        decision: decideRequest(message.path, message.body, state, data, crds),
      } satisfies FromWorker);
    } catch (error) {
      port.postMessage({
        type: 'failed',
        id: message.id,
        message: error instanceof Error ? error.message : String(error),
      } satisfies FromWorker);
    }
  });
  return true;
}
