// How one admission request is decided, on whichever thread runs it: the review is parsed
// and checked, then /mutate runs the policies of a state and /validate the linter's rules.
// The main thread decides small, cheap requests itself (decision-router.ts); the admission
// workers decide the rest (admission-worker.ts). Both go through the functions below.
import { API_SERVER_MAX_NESTING, nestingOf, type Config } from '@platlint/core';
import { admit, type AdmitOptions } from '../admit.js';
import type { JsonObject } from '../json.js';
import { jsonBytesAtMost } from '../merge/json-patch.js';
import type { State } from '../state/state.js';
import { answerOf, deniedAnswer } from '../answer.js';
import type { AdmissionAnswer, AdmissionRequest, AdmissionResult, DenialStatus } from '../types.js';
import type { OutcomeLabel } from './metrics.js';
import { outcomeLabels } from './outcomes.js';
import { parseJsonBody, readReview, ReviewError } from './review.js';
import { validateRequest } from './validate.js';

export type AdmissionPath = '/mutate' | '/validate';

/** How requests are decided, on whichever thread: the engine's options and /validate's configuration. */
export interface DecisionSettings {
  /** What decideRequest sets for each request (handOver, objectBytesAtMost) is its own. */
  admitOptions: Omit<AdmitOptions, 'authorizer' | 'handOver' | 'objectBytesAtMost'>;
  validateConfig?: Config | undefined;
}

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

/**
 * A decided request, on whichever thread: the answer the response carries, and what the main
 * thread's metrics and logs need of the request and the policies' outcomes (the metrics live
 * there, so the labels are collected where the request was decided and sent along).
 */
export type Decision =
  | {
      type: 'answer';
      answer: AdmissionAnswer;
      request: RequestSummary;
      outcomes: [string, string, OutcomeLabel][];
      failures: PolicyFailure[];
      unknownKind?: string;
    }
  | { type: 'bad-request'; message: string }
  | { type: 'no-state' };

export type ReviewedRequest = AdmissionRequest & { uid: string };

/**
 * A request read from its body. `shallow`: the body is too short to hold an object nested
 * past the API server's limit (each level takes an opening and a closing bracket), so the
 * objects need not be walked to find out (the walk cost as much as a tenth of a decision).
 */
export interface ReadRequest {
  request: ReviewedRequest;
  shallow: boolean;
  /** The length of the body: a bound on the size of the objects in it (see jsonBytesAtMost). */
  bodyBytes: number;
}

/** The request of a body, or the 400 answer it gets. */
export function readRequest(body: Uint8Array): ReadRequest | Extract<Decision, { type: 'bad-request' }> {
  try {
    return {
      request: readReview(parseJsonBody(body)),
      shallow: body.byteLength < 2 * (API_SERVER_MAX_NESTING + 1),
      bodyBytes: body.byteLength,
    };
  } catch (error) {
    if (error instanceof ReviewError) return { type: 'bad-request', message: error.message };
    throw error;
  }
}

/**
 * Decides a parsed request with one state (undefined before the first load). /validate lints
 * with the CRDs given (a worker's, published by the main thread) or else the state's.
 */
export function decideReviewed(
  path: AdmissionPath,
  read: ReadRequest,
  state: State | undefined,
  settings: DecisionSettings,
  crds?: readonly JsonObject[],
): Decision {
  const { request } = read;
  const summary: RequestSummary = {
    uid: request.uid,
    operation: request.operation,
    kind: request.kind.kind,
    namespace: request.namespace,
    name: request.name,
    dryRun: request.dryRun === true,
  };
  if (path === '/validate')
    return {
      type: 'answer',
      answer: validateRequest(request, crds ?? state?.crds ?? [], settings.validateConfig),
      request: summary,
      outcomes: [],
      failures: [],
    };
  if (!state) return { type: 'no-state' };
  const tooDeep = read.shallow ? undefined : tooDeepDenial(request);
  if (tooDeep)
    return { type: 'answer', answer: deniedAnswer(request.uid, tooDeep), request: summary, outcomes: [], failures: [] };
  // handOver: the parsed request is this request's alone and is not read after the decision.
  // Not a spread: spreading the settings into a new object cost 0.8-1.7 µs a request, the
  // most of any line of a decision (V8 11.3), Object.assign some 50 ns.
  const options = Object.assign({ handOver: true, objectBytesAtMost: jsonBytesAtMost(read.bodyBytes) }, settings.admitOptions);
  return admitted(admit(state, request, options), request, summary);
}

/** The decision of an admit() result: its answer (neither the object nor the outcomes travel back from a worker), and the outcomes as metric labels. */
function admitted(result: AdmissionResult, request: ReviewedRequest, summary: RequestSummary): Decision {
  const failures = result.allowed
    ? []
    : result.outcomes
        .filter((o) => o.outcome === 'failed')
        .map((o) => ({ policy: o.policy, binding: o.binding, kind: o.failure?.kind ?? '' }));
  // A refusal for want of a schema names the request's kind in the metrics.
  const unknownKind = failures.some((f) => f.kind === 'no-schema')
    ? `${request.kind.group}/${request.kind.version}, Kind=${request.kind.kind}`
    : undefined;
  return {
    type: 'answer',
    answer: answerOf(result),
    request: summary,
    outcomes: outcomeLabels(result.outcomes),
    failures,
    ...(unknownKind ? { unknownKind } : {}),
  };
}

/**
 * The denial of an object nested deeper than the API server decodes (/validate's lint refuses
 * anything past its own, lower, limit). No API server sends one; the policies are not run on
 * it, because CEL types a nested map level by level, in time that grows with the square of the
 * depth: a 20,000-deep object held a worker until it was stopped.
 */
function tooDeepDenial(request: ReviewedRequest): DenialStatus | undefined {
  for (const field of ['object', 'oldObject'] as const) {
    if (nestingOf(request[field], API_SERVER_MAX_NESTING) <= API_SERVER_MAX_NESTING) continue;
    const message = `request.${field} is nested more than ${API_SERVER_MAX_NESTING} levels deep; the API server refuses JSON nested that deep, so it never sends such an object`;
    return { status: 'Failure', code: 400, reason: 'BadRequest', message };
  }
  return undefined;
}

/** Decides one request from its body with one state (and, for /validate, the CRDs given instead of the state's). */
export function decideRequest(
  path: AdmissionPath,
  body: Uint8Array,
  state: State | undefined,
  settings: DecisionSettings,
  crds?: readonly JsonObject[],
): Decision {
  const read = readRequest(body);
  return 'request' in read ? decideReviewed(path, read, state, settings, crds) : read;
}
