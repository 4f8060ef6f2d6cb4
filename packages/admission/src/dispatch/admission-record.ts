// What an admission records as it goes: each invocation's outcome (metrics, logs, /validate
// and `platlint test` read them), the warnings of ignored failures, and the failures that deny
// the request. Upstream's dispatcher collects the same as its policyErrors and metrics
// (mutating/dispatcher.go, dispatchInvocations; generic/policy_dispatcher.go, Dispatch).
import { failureMessage, type PolicyFailure } from '../evaluate/failures.js';
import type { Policy } from '../state/policy-types.js';
import type { PolicyOutcome } from '../types.js';

export class AdmissionRecord {
  readonly failures: PolicyFailure[] = [];
  readonly warnings: string[] = [];
  readonly outcomes: PolicyOutcome[] = [];
  /** The pass running: 1, or 2 for the reinvocation. */
  pass: 1 | 2 = 1;

  /** How many outcomes are recorded: a step that recorded none can be remembered. */
  get recorded(): number {
    return this.outcomes.length;
  }

  outcome(
    policy: string,
    binding: string,
    param: string | undefined,
    outcome: PolicyOutcome['outcome'],
    failure?: PolicyOutcome['failure'],
  ): void {
    this.outcomes.push({
      policy,
      binding,
      ...(param ? { param } : {}),
      pass: this.pass,
      outcome,
      ...(failure ? { failure } : {}),
    });
  }

  /** A policy's error follows its failure policy: Ignore turns it into a warning, Fail denies. */
  fail(policy: Policy, failure: PolicyFailure, param?: string): void {
    const message = failureMessage(failure);
    const ignored = policy.spec.failurePolicy === 'Ignore';
    // A failure of the policy itself belongs to no binding (its message names none).
    const binding = failure.kind === 'policy-config' ? '' : failure.binding;
    this.outcome(failure.policy, binding, param, ignored ? 'ignored' : 'failed', { kind: failure.kind, message });
    if (ignored) {
      this.warnings.push(`${message} (ignored: failurePolicy Ignore)`);
      return;
    }
    this.failures.push(failure);
  }

  /** The warnings, each once; most requests draw none. */
  distinctWarnings(): string[] {
    return this.warnings.length < 2 ? this.warnings : [...new Set(this.warnings)];
  }
}
