// Which invocations the second pass re-runs: those with reinvocationPolicy IfNeeded that ran
// before the object last changed. Our reading of upstream's mutating/reinvocationcontext.go
// (policyReinvokeContext), with invocations keyed by policy, binding and param.
export class ReinvocationContext {
  /** IfNeeded invocations run since the object last changed. */
  private readonly previouslyInvoked = new Set<string>();
  /** Invocations the second pass re-runs. */
  private readonly reinvoke = new Set<string>();
  /** Whether a second pass is asked for: some invocation changed the object. */
  shouldReinvoke = false;

  /** Whether the second pass re-runs this invocation (rather than its match conditions only). */
  reinvokes(key: string): boolean {
    return this.reinvoke.has(key);
  }

  /** Whether the second pass re-runs any invocation. */
  get reinvokesAny(): boolean {
    return this.reinvoke.size > 0;
  }

  addPreviouslyInvoked(key: string): void {
    this.previouslyInvoked.add(key);
  }

  /** The object changed: every IfNeeded invocation before it runs again, and a second pass is due. */
  objectChanged(): void {
    for (const key of this.previouslyInvoked) this.reinvoke.add(key);
    this.previouslyInvoked.clear();
    this.shouldReinvoke = true;
  }
}
