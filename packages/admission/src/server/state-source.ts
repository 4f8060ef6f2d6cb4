// The state behind a running webhook: loaded from files, watched, and replaced as a whole.
// Requests read `current` once and decide with that snapshot (the State is frozen), so a
// reload in the middle of a request cannot mix two states. A reload that would lose
// objects to new problems keeps the last good state and logs why.
import { statSync, watch, type FSWatcher } from 'node:fs';
import { manifestFiles } from '../state/load.js';
import type { LoadProblem, State } from '../state/state.js';
import { isResourceExhaustion } from './connections.js';
import type { Logger } from './log.js';
import { readStateFiles, stateFromFiles, type StateFile } from './state-files.js';
import type { Metrics } from './metrics.js';

export interface StateSourceOptions {
  /** Quiet time after a change before reloading: editors and ConfigMap updates write in steps. */
  debounceMs?: number;
  /** Interval of the fallback poll, which catches what file watching misses (nested directories, NFS). */
  pollMs?: number;
  /** Called with each accepted state's generation and the files it was built from. */
  onAccepted?: (generation: number, files: StateFile[]) => void;
}

function problemKey(p: LoadProblem): string {
  // Lines move when a file is edited; the same problem elsewhere in the file is still the same one.
  return `${p.file}\u0000${p.object ?? ''}\u0000${p.ruleId}\u0000${p.message}`;
}

function problemFields(p: LoadProblem): Record<string, unknown> {
  return { file: p.file, line: p.line, column: p.column, object: p.object, ruleId: p.ruleId, message: p.message };
}

/** Paths, sizes and modification times of the manifests: a change in any of them means reload. */
export function fingerprint(paths: readonly string[]): string {
  return manifestFiles(paths)
    .map((file) => {
      try {
        const s = statSync(file);
        return `${file}:${s.size}:${s.mtimeMs}:${s.ino}`;
      } catch {
        return `${file}:missing`;
      }
    })
    .join('\n');
}

function fingerprintOrUndefined(paths: readonly string[]): string | undefined {
  try {
    return fingerprint(paths);
  } catch {
    return undefined;
  }
}

export class StateSource {
  private state: State | undefined;
  private loadedPrint: string | undefined;
  private watchers: FSWatcher[] = [];
  private pending: NodeJS.Timeout | undefined;
  private poller: NodeJS.Timeout | undefined;
  private readonly debounceMs: number;
  private readonly pollMs: number;
  private readonly onAccepted: StateSourceOptions['onAccepted'];
  /** Incremented on every accepted load; logged with answers to tell states apart. */
  generation = 0;

  constructor(
    readonly paths: readonly string[],
    private readonly logger: Logger,
    private readonly metrics: Metrics,
    options: StateSourceOptions = {},
  ) {
    this.debounceMs = options.debounceMs ?? 200;
    this.onAccepted = options.onAccepted;
    this.pollMs = options.pollMs ?? 2000;
  }

  get current(): State | undefined {
    return this.state;
  }

  /** Loads the state now; true when it was taken. */
  reload(reason: string): boolean {
    const started = performance.now();
    let print: string;
    let files: StateFile[];
    let next: State;
    try {
      print = fingerprint(this.paths);
      files = readStateFiles(this.paths, (skipped) => this.logger.log('warn', 'state.link_skipped', { ...skipped, why: 'the link leads back to a directory that holds it; following it would loop' }));
      next = stateFromFiles(files);
    } catch (error) {
      // Out of descriptors (or memory) says nothing about the files: leave the print unset
      // so the next poll tries again. Any other failure waits for the files to change.
      if (!isResourceExhaustion(error)) this.loadedPrint = fingerprintOrUndefined(this.paths);
      this.metrics.reload('state', 'failure');
      this.logger.log('error', 'state.reload_failed', { reason, code: (error as NodeJS.ErrnoException).code, error: (error as Error).message, kept: this.generation });
      if (isResourceExhaustion(error)) this.schedule('retry after running out of resources');
      return false;
    }
    this.loadedPrint = print;
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const known = new Set((this.state?.problems ?? []).map(problemKey));
    const fresh = next.problems.filter((p) => !known.has(problemKey(p)));
    if (this.state !== undefined && fresh.length > 0) {
      // The edit broke something that worked: serving it would silently drop those objects.
      this.metrics.reload('state', 'failure');
      this.logger.log('warn', 'state.reload_rejected', {
        reason,
        kept: this.generation,
        why: 'the edited state has problems the running one does not; keeping the last good state',
        problems: fresh.map(problemFields),
      });
    } else {
      this.state = next;
      this.generation += 1;
      this.onAccepted?.(this.generation, files);
      this.metrics.reload('state', 'success');
      this.metrics.gauge('platlint_webhook_state_policies', 'Policies in the loaded state.', next.policies.length);
      this.metrics.gauge('platlint_webhook_state_bindings', 'Bindings in the loaded state.', next.bindings.length);
      this.metrics.gauge('platlint_webhook_state_problems', 'Objects of the loaded state skipped for problems.', next.problems.length);
      this.metrics.gauge('platlint_webhook_state_generation', 'Loads of the state taken so far.', this.generation);
      this.logger.log('info', 'state.loaded', { reason, generation: this.generation, policies: next.policies.length, bindings: next.bindings.length, params: next.params.length, namespaces: next.namespaces.size, ms });
      for (const p of next.problems) this.logger.log('warn', 'state.problem', problemFields(p));
    }
    // Written to while we read: look again once it settles.
    if (fingerprintOrUndefined(this.paths) !== print) this.schedule('changed during load');
    return this.state === next;
  }

  /** Watches the paths and polls as a fallback; call after the first load. */
  watch(): void {
    for (const path of this.paths) {
      try {
        const w = watch(path, { persistent: false }, () => this.schedule('file change'));
        w.on('error', (error) => this.logger.log('warn', 'state.watch_error', { path, error: error.message }));
        this.watchers.push(w);
      } catch (error) {
        this.logger.log('warn', 'state.watch_unavailable', { path, error: (error as Error).message, fallback: `polling every ${this.pollMs} ms` });
      }
    }
    this.poller = setInterval(() => {
      if (this.changed()) this.schedule('poll');
    }, this.pollMs);
    this.poller.unref();
  }

  private schedule(reason: string): void {
    if (this.pending) clearTimeout(this.pending);
    this.pending = setTimeout(() => {
      this.pending = undefined;
      if (this.changed()) this.reload(reason);
    }, Math.max(this.debounceMs, reason.startsWith('retry') ? this.pollMs : 0));
    this.pending.unref();
  }

  /**
   * Whether the files differ from the loaded ones. Timers call this, where a throw would end
   * the process: a directory that cannot be read now (EMFILE) is logged and looked at again.
   */
  private changed(): boolean {
    try {
      return fingerprint(this.paths) !== this.loadedPrint;
    } catch (error) {
      this.logger.log('warn', 'state.scan_failed', { code: (error as NodeJS.ErrnoException).code, error: (error as Error).message, retry: `in ${this.pollMs} ms` });
      return false;
    }
  }

  close(): void {
    for (const w of this.watchers) w.close();
    this.watchers = [];
    if (this.pending) clearTimeout(this.pending);
    if (this.poller) clearInterval(this.poller);
  }
}
