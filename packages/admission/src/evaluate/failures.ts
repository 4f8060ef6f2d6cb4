// How a policy's problems are reported (upstream generic/policy_dispatcher.go: Dispatch, which
// filters the policy errors by failure policy, and PolicyError.Error). Policy failures follow
// the policy's failurePolicy; status failures (unknown namespace, strict decoding) do not.
import { CelEvaluationError, runtimeErrorMessage } from '@platlint/cel';

/**
 * What went wrong, as data (metrics, logs and `platlint test` read it; nothing parses messages):
 * the policy or binding could not be configured (paramKind, selectors, params), or an
 * expression failed to compile or run, returned the wrong type, or its result could not be
 * merged or patched into the object, or the kind it mutates has no schema.
 */
export type FailureKind =
  | 'policy-config'
  | 'binding-config'
  | 'params'
  | 'compile'
  | 'match-condition'
  | 'expression'
  | 'result-type'
  | 'merge'
  | 'patch'
  | 'no-schema';

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

/** A problem returned as is, whatever the failure policy says; `kind` says what failed, for the outcomes and metrics. */
export class StatusFailure extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly reason: string,
    readonly kind: FailureKind,
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
  const detail =
    error instanceof CelEvaluationError
      ? runtimeErrorMessage(error.code, error.message)
      : error instanceof Error
        ? error.message
        : String(error);
  return `expression '${expression}' resulted in error: ${detail}`;
}

/**
 * The refusal of a mutation of a kind with no schema: the API server has no type converter for
 * it (a kind no CustomResourceDefinition serves, or one whose definition has not reached it
 * yet) and answers 503 Service Unavailable naming the kind, whatever the policy's failure
 * policy (upstream mutating/dispatcher.go, dispatchOne). Merging without a schema would
 * replace every list the policy touches, and lose the items it did not name.
 */
export function noSchemaFailure(kind: { group: string; version: string; kind: string }): StatusFailure {
  // The kind as Go prints a GroupVersionKind, which is how the server names it.
  const name = `${kind.group}/${kind.version}, Kind=${kind.kind}`;
  return new StatusFailure(
    `Resource kind ${name} not found: no CustomResourceDefinition of the state or the cluster defines it, so its mutations cannot be merged (one created moments ago may not have been read yet)`,
    503,
    'ServiceUnavailable',
    'no-schema',
  );
}
