// The answer of an admission, from admit()'s result to the response: the one place where a
// result becomes the smaller AdmissionAnswer that a worker sends back and review.ts writes.
import type { AdmissionAnswer, AdmissionResult, DenialStatus } from './types.js';

/** The answer of a result, without the object and the outcomes (a worker sends only this). */
export function answerOf(result: AdmissionResult): AdmissionAnswer {
  const answer: AdmissionAnswer = {
    uid: result.uid,
    allowed: result.allowed,
    patch: result.patch,
    warnings: result.warnings,
    auditAnnotations: result.auditAnnotations,
  };
  if (result.status) answer.status = result.status;
  return answer;
}

/** A denial that no policy made (the request itself is refused). */
export function deniedAnswer(uid: string, status: DenialStatus): AdmissionAnswer {
  return { uid, allowed: false, patch: [], warnings: [], auditAnnotations: {}, status };
}
