// The admission requests read in one turn of the event loop are decided together, one after
// the other, once all of them are read, and only then answered. Why: under load the event
// loop reads several requests per turn (one per connection with data), and deciding each as
// soon as its body was read interleaved three very different kinds of work per request: TLS
// and HTTP reading, the policies (a large amount of engine code and data), then the TLS write
// and the kernel's TCP path. Each kind found the caches filled by the others: the same JSON
// parse and the same TLS write cost 1.2-1.4x more with a decision between them than without
// (perf, CPU clock, the bare server against it with the decision in process). Grouped, each
// kind runs back to back, and the answers leave together. Measured with the setup of
// test/bench/webhook.bench.mjs (c=16, the server pinned to one core), alternating runs of 5 s
// against the previous build at load average 6-7, medians: 155 -> 122 µs CPU per request
// (3 of 10 policies mutate, 5 runs each) and 122 -> 79 (no policy matches, 3 runs each).
//
// A request alone waits one turn of the loop (setImmediate) for its decision; requests that
// arrive together wait for each other's decisions, which the event loop ran back to back
// before as well (it handles every connection ready in a turn before the next turn).

/** Decisions waiting for the end of this turn's reads. */
export class DecisionBatch {
  private pending: (() => void)[] = [];
  private scheduled = false;

  /**
   * Runs `decide` after every request read in this turn of the event loop has been queued,
   * with the others of the batch. A decision that throws rejects its own promise only.
   */
  run<T>(decide: () => T | Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push(() => {
        try {
          resolve(decide());
        } catch (error) {
          reject(error);
        }
      });
      if (!this.scheduled) {
        this.scheduled = true;
        // After the poll phase: the reads of this turn are done, and every one queued.
        setImmediate(this.flush);
      }
    });
  }

  /** Decides the queued requests in arrival order; their answers are written once all are decided (the promises settle as microtasks after this). */
  private readonly flush = (): void => {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = [];
    for (const decide of batch) decide();
  };
}
