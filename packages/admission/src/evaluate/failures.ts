// How a policy's problems are reported (mutating-admission.md §9). Policy failures follow
// the policy's failurePolicy; status failures (unknown namespace, strict decoding) do not.
import { CelEvaluationError, runtimeErrorMessage } from '@platlint/cel';

/**
 * What went wrong, as data (metrics, logs and `platlint test` read it; nothing parses messages):
 * the policy or binding could not be configured (paramKind, selectors, params), or an
 * expression failed to compile or run, returned the wrong type, or its result could not be
 * merged or patched into the object.
 */
export type FailureKind = 'policy-config' | 'binding-config' | 'params' | 'compile' | 'match-condition' | 'expression' | 'result-type' | 'merge' | 'patch';

/** A mutation's failure with its kind, thrown inside an invocation and recorded by it. */
export class StageError extends Error {
  constructor(
    readonly kind: Extract<FailureKind, 'expression' | 'result-type' | 'merge' | 'patch'>,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'StageError';
  }
}

export interface PolicyFailure {
  policy: string;
  binding: string;
  kind: FailureKind;
  cause: string;
  /** `Invalid` for mutation evaluation errors, `Forbidden` otherwise (code stays 403). */
  reason: 'Invalid' | 'Forbidden';
}

export function failureMessage(f: PolicyFailure): string {
  switch (f.kind) {
    case 'policy-config':
      return `policy "${f.policy}" denied request: failed to configure policy: ${f.cause}`;
    case 'binding-config':
    case 'params':
      return `policy '${f.policy}' with binding '${f.binding}' denied request: failed to configure binding: ${f.cause}`;
    default:
      return `policy '${f.policy}' with binding '${f.binding}' denied request: ${f.cause}`;
  }
}

/** A problem returned as is, whatever the failure policy says. */
export class StatusFailure extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly reason: string,
  ) {
    super(message);
    this.name = 'StatusFailure';
  }
}

/**
 * An expression's run-time error, worded as upstream's evaluator wraps it (k8s.io/apiserver
 * pkg/admission/plugin/cel filter.go and the mutating patchers: "expression '%s' resulted in
 * error: %w"), the CEL error in cel-go's words.
 */
export function celFailure(expression: string, error: unknown): string {
  const detail = error instanceof CelEvaluationError ? runtimeErrorMessage(error.code, error.message) : error instanceof Error ? error.message : String(error);
  return `expression '${expression}' resulted in error: ${detail}`;
}
