// The admission work of the webhook on a worker thread: parsing the review, the policies on
// /mutate, the linter on /validate. The main thread keeps only the sockets, the probes and
// the metrics, so it answers /healthz while a request makes the engine work hard. The
// worker keeps the states the main thread publishes, by generation, and decides each
// request with the generation the main thread names for it.
import { parentPort, workerData } from 'node:worker_threads';
import type { Config } from '@platlint/core';
import { admit, type AdmitOptions } from '../admit.js';
import type { State } from '../state/state.js';
import type { AdmissionResult } from '../types.js';
import type { Metrics, OutcomeLabel } from './metrics.js';
import { recordOutcomes } from './outcomes.js';
import { parseJsonBody, readReview, ReviewError } from './review.js';
import { stateFromFiles, type StateFile } from './state-files.js';
import { validateRequest } from './validate.js';

/** How requests are decided, on whichever thread: the engine's options and /validate's configuration. */
export interface DecisionSettings {
  admitOptions: Omit<AdmitOptions, 'authorizer'>;
  validateConfig?: Config | undefined;
}

export interface AdmissionWorkerData extends DecisionSettings {
  platlintAdmissionWorker: true;
}

/** The answer without the mutated object: only its patch travels back. */
export type WorkerAnswer = Pick<AdmissionResult, 'uid' | 'allowed' | 'patch' | 'warnings' | 'auditAnnotations' | 'status'>;

/** What the main thread logs about a request. */
export interface RequestSummary {
  uid: string;
  operation: string;
  kind: string;
  namespace: string | undefined;
  name: string | undefined;
  dryRun: boolean;
}

/** A policy whose failure denied the request, for the denial's log line. */
export interface PolicyFailure {
  policy: string;
  binding: string;
  kind: string;
}

export type Decision =
  | { type: 'answer'; answer: WorkerAnswer; request: RequestSummary; outcomes: [string, string, OutcomeLabel][]; failures: PolicyFailure[] }
  | { type: 'bad-request'; message: string }
  | { type: 'no-state' };

export type ToWorker = { type: 'state'; generation: number; files: StateFile[] } | { type: 'job'; id: number; path: '/mutate' | '/validate'; generation: number; body: Uint8Array };
export type FromWorker = { type: 'decided'; id: number; decision: Decision } | { type: 'failed'; id: number; message: string };

/** Older generations are kept for requests still on their way; two are plenty. */
const KEPT_GENERATIONS = 2;

/** Decides one request with one state (undefined before the first load). */
export function decideRequest(path: '/mutate' | '/validate', body: Uint8Array, state: State | undefined, settings: DecisionSettings): Decision {
  let request;
  try {
    request = readReview(parseJsonBody(body));
  } catch (error) {
    if (error instanceof ReviewError) return { type: 'bad-request', message: error.message };
    throw error;
  }
  const summary: RequestSummary = { uid: request.uid, operation: request.operation, kind: request.kind.kind, namespace: request.namespace, name: request.name, dryRun: request.dryRun === true };
  if (path === '/validate') return { type: 'answer', answer: validateRequest(request, settings.validateConfig), request: summary, outcomes: [], failures: [] };
  if (!state) return { type: 'no-state' };
  const { object: _object, ...answer } = admit(state, request, { ...settings.admitOptions, handOver: true });
  // The metrics live on the main thread: the outcomes are collected here and sent along.
  const outcomes: [string, string, OutcomeLabel][] = [];
  const collector = { policyOutcome: (policy: string, binding: string, outcome: OutcomeLabel) => outcomes.push([policy, binding, outcome]) } as unknown as Metrics;
  recordOutcomes(collector, { ...answer, object: undefined });
  const failures = answer.allowed ? [] : answer.outcomes.filter((o) => o.outcome === 'failed').map((o) => ({ policy: o.policy, binding: o.binding, kind: o.failure?.kind ?? '' }));
  return { type: 'answer', answer, request: summary, outcomes, failures };
}

/** Runs the admission worker when this thread was started as one; false otherwise. */
export function runAdmissionWorkerIfAsked(): boolean {
  const data = workerData as AdmissionWorkerData | undefined;
  const port = parentPort;
  if (!data?.platlintAdmissionWorker || !port) return false;
  const states = new Map<number, State>();
  port.on('message', (message: ToWorker) => {
    if (message.type === 'state') {
      states.set(message.generation, stateFromFiles(message.files));
      for (const generation of [...states.keys()].sort((a, b) => a - b).slice(0, -KEPT_GENERATIONS)) states.delete(generation);
      return;
    }
    try {
      port.postMessage({ type: 'decided', id: message.id, decision: decideRequest(message.path, message.body, states.get(message.generation), data) } satisfies FromWorker);
    } catch (error) {
      port.postMessage({ type: 'failed', id: message.id, message: error instanceof Error ? error.message : String(error) } satisfies FromWorker);
    }
  });
  return true;
}
