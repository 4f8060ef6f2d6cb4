// The state requests are decided with: the file state (state-source.ts), or, with a cluster
// connection, the state it combines from the files and the API (a StateView, state-view.ts),
// and whether the webhook is ready to take traffic with it.
import type { State } from '../state/state.js';
import type { Logger } from './log.js';
import type { Metrics } from './metrics.js';
import { describeProblem, type StateSource } from './state-source.js';
import type { StateView, StateViewFactory } from './state-view.js';

export class ServedState {
  private live: StateView | undefined;

  constructor(
    readonly files: StateSource,
    /** The prepared cluster connection, if any: requests then read the state it combines. */
    private readonly connect: StateViewFactory | undefined,
  ) {}

  /** Connects to the cluster once the files are loaded (nothing without a connection). */
  start(logger: Logger, metrics: Metrics): void {
    if (this.connect) this.live = this.connect(this.files, logger, metrics);
  }

  current(): State | undefined {
    return this.connect ? this.live?.current : this.files.current;
  }

  generation(): number {
    return this.connect ? (this.live?.generation ?? 0) : this.files.generation;
  }

  /** /readyz: ready with a state; a refused reload is named, as the old state still serves. */
  readiness(): { ready: boolean; text: string } {
    if (this.connect) {
      const readiness = this.live?.readiness() ?? { ready: false, reasons: ['cluster: not connected yet'] };
      return { ready: readiness.ready, text: readiness.ready ? 'ok\n' : `${readiness.reasons.join('\n')}\n` };
    }
    const files = this.files;
    if (!files.current) return { ready: false, text: 'state not loaded yet\n' };
    const refused = files.refused;
    if (!refused) return { ready: true, text: `ok\nstate: generation ${files.generation}\n` };
    const first = refused.problems[0];
    return {
      ready: true,
      text: `ok\nstate: generation ${refused.kept} serving; reload attempt ${refused.attempt} refused with ${refused.problems.length} finding(s)${first ? `, first: ${describeProblem(first)}` : ''}\n`,
    };
  }

  close(): void {
    this.files.close();
    this.live?.close();
  }
}
