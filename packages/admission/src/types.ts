// The request and answer shapes of the engine: the AdmissionReview v1 request fields
// (upstream staging/src/k8s.io/api/admission/v1/types.go, AdmissionRequest) and what `admit`
// returns.
import type { FailureKind } from './evaluate/failures.js';
import type { Json, JsonObject } from './json.js';
import type { JsonPatchOperation } from './merge/json-patch.js';

export interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

export interface GroupVersionResource {
  group: string;
  version: string;
  resource: string;
}

export interface UserInfo {
  username?: string;
  uid?: string;
  groups?: string[];
  extra?: Record<string, string[]>;
}

export type Operation = 'CREATE' | 'UPDATE' | 'DELETE' | 'CONNECT';

export interface AdmissionRequest {
  uid?: string;
  kind: GroupVersionKind;
  resource: GroupVersionResource;
  subResource?: string;
  requestKind?: GroupVersionKind;
  requestResource?: GroupVersionResource;
  requestSubResource?: string;
  name?: string;
  namespace?: string;
  operation: Operation;
  userInfo?: UserInfo;
  object?: Json;
  oldObject?: Json;
  dryRun?: boolean;
  options?: Json;
}

interface StatusCause {
  message: string;
}

/** A metav1.Status as the answer carries it when the request is denied. */
export interface DenialStatus {
  status: 'Failure';
  code: number;
  reason: string;
  message: string;
  details?: { causes: StatusCause[] };
}

/**
 * What one policy and binding (per param object, per pass) did with the request. The webhook's
 * metrics and logs, /validate and `platlint test` read these; nothing parses messages.
 */
export interface PolicyOutcome {
  policy: string;
  /** Empty for a failure of the policy itself (its paramKind cannot be configured). */
  binding: string;
  /** `namespace/name` of the param object, when the binding has one. */
  param?: string;
  /** 1, or 2 for the reinvocation pass. */
  pass: 1 | 2;
  /**
   * `skipped`: a match condition was false; `mutated` / `unchanged`: the mutations ran and
   * changed the object or not; `failed`: an error under failurePolicy Fail (the request is
   * denied); `ignored`: an error under failurePolicy Ignore (the policy is skipped).
   */
  outcome: 'skipped' | 'mutated' | 'unchanged' | 'failed' | 'ignored';
  failure?: { kind: FailureKind; message: string };
}

/**
 * What answers an AdmissionReview: the part of a result the response carries (review.ts writes
 * it), and all that travels back from an admission worker. /validate's answer has this shape too.
 */
export interface AdmissionAnswer {
  uid: string;
  allowed: boolean;
  /** RFC 6902 operations from the original object to the mutated one; empty when nothing changed. */
  patch: JsonPatchOperation[];
  warnings: string[];
  auditAnnotations: Record<string, string>;
  status?: DenialStatus;
}

/** What `admit` returns: the answer, with the mutated object and how each policy took part. */
export interface AdmissionResult extends AdmissionAnswer {
  /** The object after every mutation (the original one when denied or unchanged). */
  object: Json | undefined;
  /** Per policy, binding, param and pass, in the order they ran; empty when nothing matched. */
  outcomes: PolicyOutcome[];
}

export type { Json, JsonObject };
