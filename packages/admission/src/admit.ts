// The engine's entry point: one AdmissionRequest through every policy of the state. Which
// invocations apply is dispatch/invocation-selection.ts's question, running them (and the
// reinvocation pass) dispatch/dispatcher.ts's; this module turns what they recorded into the
// AdmissionResult, as upstream's generic/policy_dispatcher.go (Dispatch) turns the policy
// errors into the admission's answer.
import type { CelAuthorizer, EvaluateOptions } from '@platlint/cel';
import { failureMessage, StatusFailure, type PolicyFailure } from './evaluate/failures.js';
import { clone, type Json } from './json.js';
import { neverMatched } from './match/matcher.js';
import { diffToPatch } from './merge/diff.js';
import { AdmissionRecord } from './dispatch/admission-record.js';
import { Dispatcher } from './dispatch/dispatcher.js';
import { preparedState } from './dispatch/prepared-state.js';
import { RequestContext } from './dispatch/request-context.js';
import type { State } from './state/state.js';
import type { AdmissionRequest, AdmissionResult, DenialStatus } from './types.js';

export interface AdmitOptions {
  /** Answers `authorizer` checks; the offline authorizer (denies everything) by default. */
  authorizer?: CelAuthorizer;
  /** Runtime cost budget per expression (the cel package's default otherwise). */
  costLimit?: number;
  /** Time budget of the whole request in milliseconds; an expression past it fails. */
  timeoutMs?: number;
  /**
   * The caller hands `request.object` over: it will not change it, nor the result's object
   * (which then shares unchanged parts with it), so the engine need not copy it first. The
   * webhook parses each request for this call alone; library callers keep the copy.
   */
  handOver?: boolean;
  /**
   * A bound on the size of `request.object` as JSON (jsonBytes), when the caller knows one:
   * the webhook has the body it parsed the object from (jsonBytesAtMost of its length).
   */
  objectBytesAtMost?: number;
}

export function admit(state: State, request: AdmissionRequest, options: AdmitOptions = {}): AdmissionResult {
  // One copy, so the result never shares anything with the caller's request. The engine
  // itself never changes an object in place (merges and patches copy what they change), so
  // the working object may start as that same copy, and unchanged subtrees stay shared with
  // it: comparing and diffing them is then an identity check.
  const original = request.object === undefined || options.handOver ? request.object : clone(request.object);
  const uid = request.uid ?? '';
  const record = new AdmissionRecord();
  const allow = (object: Json | undefined): AdmissionResult => ({
    uid,
    allowed: true,
    object,
    patch: diffToPatch(original, object),
    warnings: record.distinctWarnings(),
    auditAnnotations: {},
    outcomes: record.outcomes,
  });
  const deny = (status: DenialStatus): AdmissionResult => ({
    uid,
    allowed: false,
    object: original,
    patch: [],
    warnings: record.distinctWarnings(),
    auditAnnotations: {},
    outcomes: record.outcomes,
    status,
  });

  if (neverMatched({ operation: request.operation, resource: request.resource })) return allow(original);
  const dispatcher = new Dispatcher(
    new RequestContext(preparedState(state), request),
    record,
    evaluateOptions(options),
    original,
    // A copy (clone) is the same size as JSON as the object it copies.
    original !== undefined && options.objectBytesAtMost !== undefined
      ? { object: original, bytesAtMost: options.objectBytesAtMost }
      : undefined,
  );
  try {
    dispatcher.run();
  } catch (e) {
    if (!(e instanceof StatusFailure)) throw e;
    return deny({ status: 'Failure', code: e.code, reason: e.reason, message: e.message });
  }
  if (record.failures.length > 0) {
    const messages = record.failures.map(failureMessage);
    const first = record.failures[0] as PolicyFailure;
    return deny({
      status: 'Failure',
      code: 403,
      reason: first.reason,
      message: messages[0] as string,
      details: { causes: messages.map((message) => ({ message })) },
    });
  }
  return allow(dispatcher.object);
}

/**
 * The options of every CEL evaluation of one admission (authorizer, cost limit, deadline).
 * One shape whatever is set (the evaluator reads undefined as unset): members added one by one
 * as they applied cost more than the rest of this function, on every request.
 */
function evaluateOptions(options: AdmitOptions): EvaluateOptions {
  return {
    authorizer: options.authorizer,
    costLimit: options.costLimit,
    deadline: options.timeoutMs === undefined ? undefined : Date.now() + options.timeoutMs,
  };
}
