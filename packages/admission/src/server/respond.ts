// Writing the webhook's answers: plain text and metav1.Status errors, and a decided admission
// as its AdmissionReview response (review.ts writes the body), with the metrics and the log
// line a decision leaves behind.
import type { ServerResponse } from 'node:http';
import type { Decision } from './decision.js';
import type { Logger } from './log.js';
import type { Metrics } from './metrics.js';
import { reviewResponseBody } from './review.js';

export function send(
  res: ServerResponse,
  code: number,
  contentType: string,
  body: string,
  headers?: Record<string, string>,
): void {
  res.writeHead(
    code,
    headers
      ? { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(body), ...headers }
      : { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(body) },
  );
  res.end(body);
}

/** Errors travel as a metav1.Status, which the API server and kubectl-like clients print. */
export function sendStatus(res: ServerResponse, code: number, message: string, headers?: Record<string, string>): void {
  const body = JSON.stringify({ apiVersion: 'v1', kind: 'Status', status: 'Failure', code, message });
  send(res, code, 'application/json', body, headers);
}

/** What answering a decision records besides the response. */
export interface DecisionRecorder {
  metrics: Metrics;
  logger: Logger;
  /** The generation of the state the webhook serves, for the denial's log line. */
  generation(): number;
}

/** Answers a decided request: 400 for a review it could not read, 503 before a state, else the review response. */
export function sendDecision(res: ServerResponse, path: string, decision: Decision, recorder: DecisionRecorder): void {
  const { metrics, logger } = recorder;
  if (decision.type === 'bad-request') {
    logger.log('info', 'admission.bad_request', { path, message: decision.message });
    return sendStatus(res, 400, decision.message);
  }
  if (decision.type === 'no-state') return sendStatus(res, 503, 'the state has not been loaded yet');
  const { answer, request, failures } = decision;
  for (const [policy, binding, outcome] of decision.outcomes) metrics.policyOutcome(policy, binding, outcome);
  if (decision.unknownKind !== undefined) metrics.unknownKindRefusal(decision.unknownKind);
  if (!answer.allowed) {
    logger.log('info', 'admission.denied', {
      path,
      uid: request.uid,
      operation: request.operation,
      kind: request.kind,
      namespace: request.namespace,
      name: request.name,
      generation: recorder.generation(),
      message: answer.status?.message,
      ...(failures.length ? { failures } : {}),
    });
  }
  send(res, 200, 'application/json', reviewResponseBody(answer, request.dryRun));
}
