// Which invocations the second pass re-runs: those with reinvocationPolicy IfNeeded that ran
// before the object last changed. Our reading of upstream's mutating/reinvocationcontext.go
// (policyReinvokeContext), with invocations keyed by policy, binding and param.
//
// The sets are made when the first IfNeeded invocation runs: policies are Never by default,
// and two empty sets per request were a tenth of what the rest of a request's admission
// context allocated (test/bench/admit-alloc.mjs).
export class ReinvocationContext {
  /** IfNeeded invocations run since the object last changed. */
  private previouslyInvoked: Set<string> | undefined;
  /** Invocations the second pass re-runs. */
  private reinvoke: Set<string> | undefined;
  /** Whether a second pass is asked for: some invocation changed the object. */
  shouldReinvoke = false;

  /** Whether the second pass re-runs this invocation (rather than its match conditions only). */
  reinvokes(key: string): boolean {
    return this.reinvoke !== undefined && this.reinvoke.has(key);
  }

  /** Whether the second pass re-runs any invocation. */
  get reinvokesAny(): boolean {
    return this.reinvoke !== undefined && this.reinvoke.size > 0;
  }

  addPreviouslyInvoked(key: string): void {
    (this.previouslyInvoked ??= new Set()).add(key);
  }

  /** The object changed: every IfNeeded invocation before it runs again, and a second pass is due. */
  objectChanged(): void {
    if (this.previouslyInvoked !== undefined && this.previouslyInvoked.size > 0) {
      const reinvoke = (this.reinvoke ??= new Set());
      for (const key of this.previouslyInvoked) reinvoke.add(key);
      this.previouslyInvoked.clear();
    }
    this.shouldReinvoke = true;
  }
}
