// The state a webhook decides with when something other than its files supplies it: the
// cluster connection (../cluster/) implements this view, and the server knows it by this
// interface only, so that the server never imports the cluster code (the cluster builds on
// the server's logger, metrics and file state instead: one direction, checked by
// test/layering.test.ts).
import type { State } from '../state/state.js';
import type { Logger } from './log.js';
import type { Metrics } from './metrics.js';
import type { StateSource } from './state-source.js';

export interface Readiness {
  ready: boolean;
  /** Why not (or what is wrong while still ready), one line each. */
  reasons: string[];
}

/** What the webhook reads: the current snapshot, its number, and whether to take traffic. */
export interface StateView {
  readonly current: State | undefined;
  readonly generation: number;
  readiness(): Readiness;
  close(): void;
}

/** Builds the live state of a webhook once its file state exists; started right away. */
export type StateViewFactory = (files: StateSource, logger: Logger, metrics: Metrics) => StateView;
