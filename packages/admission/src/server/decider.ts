// Where each admission request is decided: small, cheap requests on this thread, the rest on
// a worker (decision-router.ts). Without workers (a library caller that gave no worker entry)
// everything is decided here, with the full evaluation timeout; so is /mutate with a cluster,
// whose state only this thread has. While the pool has no worker that runs (see
// admission-pool.ts: one failing at start-up), what it would take is decided here too, and so
// is what it took when the worker it went to then failed to start.
import type { AdmissionPool } from './admission-pool.js';
import { decideRequest, type AdmissionPath, type Decision, type DecisionSettings } from './decision.js';
import type { DecisionRouter } from './decision-router.js';
import type { Metrics } from './metrics.js';
import type { ServedState } from './served-state.js';

export class Decider {
  constructor(
    private readonly served: ServedState,
    private readonly settings: DecisionSettings,
    private readonly metrics: Metrics,
    private readonly pool: AdmissionPool | undefined,
    /** Present when workers decide what this thread should not: with a pool and no cluster. */
    private readonly router: DecisionRouter | undefined,
  ) {}

  /** Decided on this thread, the decision is at hand: the caller awaits only a promise. */
  decide(path: AdmissionPath, bytes: Uint8Array, owned: boolean): Decision | Promise<Decision> {
    const { pool, router, served, settings } = this;
    if (!pool) return decideRequest(path, bytes, served.current(), settings);
    if (!router) {
      // A cluster: publishing its state to the workers would mean rebuilding it there on every
      // watch event; /validate needs only its CRDs.
      this.metrics.decision(path === '/validate' ? 'validate' : 'main');
      if (path !== '/validate') return decideRequest(path, bytes, served.current(), settings);
      const state = served.current();
      pool.publishCrds(state?.crds ?? []);
      const decideHere = () => decideRequest(path, bytes, state, settings);
      return pool.run(path, 0, bytes, owned, decideHere) ?? decideHere();
    }
    // One snapshot for the whole decision: a reload meanwhile affects the next request only.
    const files = served.files;
    const current = files.current;
    const generation = current ? files.generation : 0;
    const here = router.tryHere(path, bytes, current);
    this.metrics.decision(here.route);
    if (here.route === 'main') return here.decision;
    if (path === '/validate') pool.publishCrds(current?.crds ?? []);
    const decideHere = () => decideRequest(path, bytes, current, settings);
    return pool.run(path, generation, bytes, owned, decideHere) ?? decideHere();
  }
}
