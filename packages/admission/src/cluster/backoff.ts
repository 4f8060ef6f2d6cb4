// The delay before a failed list or watch is tried again: exponential with jitter, as
// client-go's reflector does it (tools/cache/reflector.go, NewReflectorWithOptions:
// wait.NewExponentialBackoffManager(800ms, 30s, 2min, 2.0, 1.0)): it starts at 800 ms,
// doubles up to 30 s, each delay is stretched by a random 0-100 % so many webhooks do not
// retry in step, and it starts over once no failure has happened for 2 minutes. A success
// alone does not start it over: a list that succeeds followed by a watch that fails at
// once would otherwise be retried at the first delay forever.
export interface Backoff {
  firstMs: number;
  maxMs: number;
  /** Without a failure for this long, the next delay is the first again (4 × maxMs by default, as client-go's 2 min for 30 s). */
  resetMs?: number;
}

export const DEFAULT_BACKOFF: Backoff = { firstMs: 800, maxMs: 30_000, resetMs: 120_000 };

export class RetryDelay {
  private failures = 0;
  private lastFailureAt = -Infinity;

  constructor(
    private readonly backoff: Backoff,
    private readonly now: () => number = Date.now,
  ) {}

  /** The delay before the next attempt, counting one more failure. */
  next(): number {
    const at = this.now();
    if (at - this.lastFailureAt > (this.backoff.resetMs ?? 4 * this.backoff.maxMs)) this.failures = 0;
    this.lastFailureAt = at;
    const base = Math.min(this.backoff.maxMs, this.backoff.firstMs * 2 ** this.failures);
    this.failures += 1;
    return base * (1 + Math.random());
  }
}
