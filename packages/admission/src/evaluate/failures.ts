// How a policy's problems are reported (mutating-admission.md §9). Policy failures follow
// the policy's failurePolicy; status failures (unknown namespace, strict decoding) do not.

export type FailureKind = 'evaluation' | 'binding-config' | 'policy-config';

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
      return `policy '${f.policy}' with binding '${f.binding}' denied request: failed to configure binding: ${f.cause}`;
    case 'evaluation':
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

export function celFailure(expression: string, error: unknown): string {
  const detail = error instanceof Error ? error.message : String(error);
  return `expression '${expression}' resulted in error: ${detail}`;
}
