// The state behind a running webhook: loaded from files, watched, and replaced as a whole.
// Requests read `current` once and decide with that snapshot (the State is frozen), so a
// reload in the middle of a request cannot mix two states. A state with an object the API
// server would refuse is never taken, not even in part: at start-up that stops the server,
// on a reload the last good state stays in service and the failure is logged, counted and
// shown on /readyz.
//
// A reload reads only files that have stopped changing (state-settling.ts), and takes what it
// read only if the files did not change while it read them: a file cut mid-write can be
// valid YAML with fewer policies, and must not replace the last good state. What a taken
// reload adds and removes is logged by name and counted (state-changes.ts).
import { statSync } from 'node:fs';
import { FileWatcher } from '@platlint/core';
import { manifestFiles } from '../state/load.js';
import type { LoadProblem, State } from '../state/state.js';
import { isResourceExhaustion } from './connections.js';
import type { Logger } from './log.js';
import { readStateFiles, stateFromFiles, type StateFile } from './state-files.js';
import type { Metrics } from './metrics.js';
import { changesBetween, emptiedFiles, fileSizes, type NameChanges } from './state-changes.js';
import { allPublished, publishedVersions, Settling } from './state-settling.js';

export interface StateSourceOptions {
  /** Quiet time after a change before reloading: editors and ConfigMap updates write in steps. */
  debounceMs?: number;
  /** Interval of the fallback poll, which catches what file watching misses (NFS, a path not there yet, a failed watch). */
  pollMs?: number;
  /** How long the files must stay unchanged (paths, sizes, modification times) before a reload reads them. */
  settleMs?: number;
  /** Called with each accepted state's generation and the files it was built from. */
  onAccepted?: (generation: number, files: StateFile[]) => void;
}

function problemFields(p: LoadProblem): Record<string, unknown> {
  return { file: p.file, line: p.line, column: p.column, path: p.path, object: p.object, ruleId: p.ruleId, message: p.message };
}

/**
 * One line per finding, `file:line:column: Kind/name: message (rule)`, as the CLI prints
 * findings; an object held in memory has no line, and its field path says where.
 */
export function describeProblem(p: LoadProblem): string {
  const where =
    p.line === undefined
      ? `${p.file}: ${p.object ? `${p.object}: ` : ''}${p.path ? `${p.path}: ` : ''}`
      : `${p.file}:${p.line}:${p.column ?? 1}: ${p.object ? `${p.object}: ` : ''}`;
  return `${where}${p.message} (${p.ruleId})`;
}

/** The first load found objects the API server would refuse: the server must not start. */
export class StateRefusedError extends Error {
  constructor(readonly problems: readonly LoadProblem[]) {
    super(
      `the state holds objects the API server would refuse; nothing was loaded:\n${problems.map((p) => `  ${describeProblem(p)}`).join('\n')}`,
    );
    this.name = 'StateRefusedError';
  }
}

/** The last reload that was refused, while an older state stays in service. */
export interface RefusedReload {
  /** Number of the load attempt that was refused (attempts count every load, taken or not). */
  attempt: number;
  /** Generation still in service. */
  kept: number;
  problems: readonly LoadProblem[];
}

// Advice on kept objects: one log line per object, with all of its findings.
function warningsByObject(state: State): Map<string, LoadProblem[]> {
  const out = new Map<string, LoadProblem[]>();
  for (const w of state.warnings) {
    const key = `${w.file}\u0000${w.object ?? ''}`;
    const list = out.get(key);
    if (list) list.push(w);
    else out.set(key, [w]);
  }
  return out;
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

/** A second is long enough for a writer's steps (an editor's save, a copy) and short next to a ConfigMap's minute of propagation. */
const DEFAULT_SETTLE_MS = 1000;

export class StateSource {
  private state: State | undefined;
  private loadedPrint: string | undefined;
  /** Sizes of the files of the state in service, to tell an emptied file. */
  private loadedSizes = new Map<string, number>();
  /** Where the `..data` links of the state in service led (state-settling.ts). */
  private loadedPublished = '';
  private readonly settling: Settling;
  private readonly watcher: FileWatcher;
  private readonly pollMs: number;
  private readonly onAccepted: StateSourceOptions['onAccepted'];
  /** Incremented on every accepted load; logged with answers to tell states apart. */
  generation = 0;
  /** Every load attempt, taken or refused. */
  attempts = 0;
  /** Set while the newest files are refused and an older state serves; cleared by the next taken load. */
  refused: RefusedReload | undefined;
  /** The first load was refused: the server must stop (set only when no state was ever taken). */
  startupFailure: StateRefusedError | undefined;

  constructor(
    readonly paths: readonly string[],
    private readonly logger: Logger,
    private readonly metrics: Metrics,
    options: StateSourceOptions = {},
  ) {
    this.onAccepted = options.onAccepted;
    this.pollMs = options.pollMs ?? 2000;
    this.settling = new Settling(options.settleMs ?? DEFAULT_SETTLE_MS);
    this.watcher = new FileWatcher({
      name: 'state',
      paths,
      recursive: true,
      // Throws when the directories cannot be read now (EMFILE): the watcher logs it and asks again.
      stale: () => fingerprint(this.paths) !== this.loadedPrint,
      onChange: (reason) => this.filesChanged(reason),
      debounceMs: options.debounceMs ?? 200,
      pollMs: this.pollMs,
      log: (level, event, fields) => this.logger.log(level, event, fields),
    });
  }

  get current(): State | undefined {
    return this.state;
  }

  /**
   * The watcher saw a change: reload once the files have settled, or at once when the change
   * is a ConfigMap volume switching to a new version (complete before it is published).
   */
  private filesChanged(reason: string): void {
    const print = fingerprint(this.paths);
    const published = publishedVersions(this.paths);
    if (published !== this.loadedPublished && allPublished(manifestFiles(this.paths), published)) {
      this.settling.forget();
      this.reload(`${reason}: new version of a ConfigMap volume`, print);
      return;
    }
    const wait = this.settling.wait(print, performance.now());
    if (wait > 0) {
      if (this.logger.enabled('debug'))
        this.logger.log('debug', 'state.settling', {
          reason,
          wait_ms: Math.round(wait),
          why: 'the files changed; reading them once they stay unchanged',
        });
      this.watcher.schedule(reason, wait);
      return;
    }
    this.settling.forget();
    this.reload(reason, print);
  }

  /**
   * Loads the state now; true when it was taken. `settledPrint` is the fingerprint the caller
   * saw settle: files that moved on since then are not read as settled.
   */
  reload(reason: string, settledPrint?: string): boolean {
    const started = performance.now();
    this.attempts += 1;
    let print: string;
    let files: StateFile[];
    let next: State;
    let printAfter: string | undefined;
    try {
      print = fingerprint(this.paths);
      files = readStateFiles(this.paths, (skipped) =>
        this.logger.log('warn', 'state.link_skipped', {
          ...skipped,
          why: 'the link leads back to a directory that holds it; following it would loop',
        }),
      );
      next = stateFromFiles(files);
      printAfter = fingerprintOrUndefined(this.paths);
    } catch (error) {
      // Out of descriptors (or memory) says nothing about the files: leave the print unset
      // so the next poll tries again, and refuse nothing for it.
      if (isResourceExhaustion(error)) {
        this.metrics.reload('state', 'failure');
        this.logger.log('error', 'state.reload_failed', {
          reason,
          code: (error as NodeJS.ErrnoException).code,
          error: (error as Error).message,
          kept: this.generation,
        });
        this.watcher.schedule('retry after running out of resources', this.pollMs);
        return false;
      }
      this.loadedPrint = fingerprintOrUndefined(this.paths);
      const problem: LoadProblem = {
        file: this.paths.join(', '),
        line: 1,
        column: 1,
        path: '',
        ruleId: 'state/load',
        message: (error as Error).message,
      };
      return this.refuse(reason, [problem]);
    }
    // Written to while we read (or since it settled): what was read may be a cut file or half
    // of each version. With a state in service, it keeps serving and the files settle again;
    // at start-up there is nothing to keep, so the files read are taken and looked at again.
    const moved = printAfter !== print || (settledPrint !== undefined && settledPrint !== print);
    if (moved && this.state !== undefined) {
      this.logger.log('info', 'state.reload_deferred', {
        reason,
        kept: this.generation,
        why: 'the files changed while they were read; reading them again once they settle',
      });
      this.watcher.schedule('changed during load');
      return false;
    }
    this.loadedPrint = print;
    const ms = Math.round((performance.now() - started) * 10) / 10;
    if (next.problems.length > 0) return this.refuse(reason, next.problems);
    const previous = this.state;
    const previousSizes = this.loadedSizes;
    this.state = next;
    this.loadedSizes = fileSizes(files);
    this.loadedPublished = publishedVersions(this.paths);
    this.refused = undefined;
    this.generation += 1;
    this.onAccepted?.(this.generation, files);
    this.metrics.reload('state', 'success');
    this.metrics.gauge('platlint_webhook_state_policies', 'Policies in the loaded state.', next.policies.length);
    this.metrics.gauge('platlint_webhook_state_bindings', 'Bindings in the loaded state.', next.bindings.length);
    this.metrics.gauge(
      'platlint_webhook_state_warnings',
      'Advice findings (lint warnings, CEL checked against the schema) on objects of the loaded state.',
      next.warnings.length,
    );
    this.metrics.gauge('platlint_webhook_state_generation', 'Loads of the state taken so far.', this.generation);
    this.logger.log('info', 'state.loaded', {
      reason,
      generation: this.generation,
      policies: next.policies.length,
      bindings: next.bindings.length,
      params: next.params.length,
      namespaces: next.namespaces.size,
      warnings: next.warnings.length,
      ms,
    });
    for (const findings of warningsByObject(next).values()) {
      const first = findings[0] as LoadProblem;
      this.logger.log('warn', 'state.advice', {
        file: first.file,
        object: first.object,
        generation: this.generation,
        findings: findings.map(problemFields),
      });
    }
    if (previous) this.reportChanges(previous, next, previousSizes, files);
    if (moved) this.watcher.schedule('changed during load');
    return true;
  }

  /**
   * Each policy and binding the reload added or removed, by name; removals at warn, since they
   * weaken admission. An emptied file is taken like any other settled change (the removal of
   * what it held), because emptying a file is how an operator may remove its policies, and a
   * state that refused it would keep enforcing policies nobody has any more. Settling keeps
   * the empty moment of a rewrite (`>` truncates before it writes) out of service; one that
   * stays empty is real, and is said loudly: which file, and every policy it took away.
   */
  private reportChanges(
    previous: State,
    next: State,
    previousSizes: ReadonlyMap<string, number>,
    files: readonly StateFile[],
  ): void {
    const changes = changesBetween(previous, next);
    const report = (object: 'policy' | 'binding', names: NameChanges) => {
      for (const name of names.added) this.logger.log('info', `state.${object}_added`, { name, generation: this.generation });
      for (const name of names.removed) this.logger.log('warn', `state.${object}_removed`, { name, generation: this.generation });
      this.metrics.stateChange(object, 'added', names.added.length);
      this.metrics.stateChange(object, 'removed', names.removed.length);
    };
    report('policy', changes.policies);
    report('binding', changes.bindings);
    for (const { file, previousBytes } of emptiedFiles(previousSizes, files)) {
      this.logger.log('warn', 'state.file_emptied', {
        file,
        previousBytes,
        generation: this.generation,
        removedPolicies: changes.policies.removed,
        removedBindings: changes.bindings.removed,
        why: `the file stayed empty for ${this.settling.settleMs} ms, so it is taken as the removal of what it held`,
      });
    }
  }

  // Nothing of a refused state is taken. Before any state was taken the server cannot serve.
  private refuse(reason: string, problems: readonly LoadProblem[]): false {
    this.metrics.reload('state', 'failure');
    if (this.state === undefined) {
      this.startupFailure = new StateRefusedError(problems);
      this.logger.log('error', 'state.refused', {
        reason,
        why: 'objects the API server would refuse; the server does not start with a partial state',
        problems: problems.map(problemFields),
      });
      return false;
    }
    this.metrics.stateReloadFailed();
    this.refused = { attempt: this.attempts, kept: this.generation, problems };
    this.logger.log('error', 'state.reload_rejected', {
      reason,
      attempt: this.attempts,
      kept: this.generation,
      why: 'objects the API server would refuse; keeping the last good state',
      problems: problems.map(problemFields),
    });
    return false;
  }

  /** Watches the paths (and polls as a fallback); call after the first load. */
  watch(): void {
    this.watcher.start();
  }

  close(): void {
    this.watcher.close();
  }
}
