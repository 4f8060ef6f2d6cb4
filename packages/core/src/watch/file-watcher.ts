import { watch as fsWatch, type FSWatcher } from 'node:fs';

/** What the watcher has to say: a level, an event name (prefixed with the watcher's name) and fields. */
export type WatchLog = (level: 'info' | 'warn', event: string, fields: Record<string, unknown>) => void;

export interface FileWatcherOptions {
  /** Names the watcher's log events (`state` gives `state.watch_unavailable`, ...). */
  name: string;
  /** Files or directories to watch. */
  paths: readonly string[];
  /** Watch the directories' subdirectories too, where the platform's `fs.watch` can. */
  recursive?: boolean;
  /**
   * Whether what is on disk differs from what the owner last took. Called from timers, so
   * it may throw (a directory that cannot be read now, EMFILE): that is logged and asked
   * again at the next poll.
   */
  stale: () => boolean;
  /** Called once the paths have been quiet for `debounceMs` after a change, when `stale()`. */
  onChange: (reason: string) => void;
  /** Quiet time after a change before `onChange`: editors and ConfigMap updates write in steps. */
  debounceMs: number;
  /** Interval of the poll, which catches what events miss (NFS, a path that is not there yet, a watch that failed). */
  pollMs: number;
  log?: WatchLog | undefined;
  /** Stands in for `fs.watch` (tests inject failures). */
  watch?: typeof fsWatch;
}

function codeOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/**
 * One way to notice that files changed, for every part that reloads something from disk:
 * `fs.watch` events for speed, and a poll as the fallback. Nothing it meets is fatal: a path
 * that cannot be watched (not there yet, no recursive watching on this platform, out of
 * descriptors or inotify watches) is polled, and watching it is tried again at each poll;
 * an error event closes that watch for the same retry; a failed check is logged and made
 * again. All timers are unref'd: watching never keeps a process alive.
 */
export class FileWatcher {
  private readonly watchers = new Map<string, FSWatcher>();
  /** Why each unwatched path is unwatched, so a repeated failure is logged once. */
  private readonly unwatched = new Map<string, string>();
  private pending: NodeJS.Timeout | undefined;
  private poller: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: FileWatcherOptions) {}

  start(): void {
    for (const path of this.options.paths) this.watchPath(path);
    this.poller = setInterval(() => this.poll(), this.options.pollMs);
    this.poller.unref();
  }

  /** Asks for a check after the quiet time, or after `delayMs` when that is longer (a retry). */
  schedule(reason: string, delayMs = 0): void {
    if (this.closed) return;
    if (this.pending) clearTimeout(this.pending);
    this.pending = setTimeout(
      () => {
        this.pending = undefined;
        this.check(reason);
      },
      Math.max(this.options.debounceMs, delayMs),
    );
    this.pending.unref();
  }

  close(): void {
    this.closed = true;
    for (const w of this.watchers.values()) w.close();
    this.watchers.clear();
    if (this.pending) clearTimeout(this.pending);
    if (this.poller) clearInterval(this.poller);
  }

  private log(level: 'info' | 'warn', event: string, fields: Record<string, unknown>): void {
    this.options.log?.(level, `${this.options.name}.${event}`, fields);
  }

  private watchPath(path: string): void {
    const watch = this.options.watch ?? fsWatch;
    let watcher: FSWatcher;
    try {
      watcher = watch(path, { persistent: false, recursive: this.options.recursive === true }, () =>
        this.schedule('file change'),
      );
    } catch (error) {
      const reason = codeOf(error) ?? (error as Error).message;
      if (this.unwatched.get(path) !== reason) {
        this.log('warn', 'watch_unavailable', {
          path,
          code: codeOf(error),
          error: (error as Error).message,
          fallback: `polling every ${this.options.pollMs} ms; watching is tried again at each poll`,
        });
      }
      this.unwatched.set(path, reason);
      return;
    }
    watcher.on('error', (error) => {
      // A broken watch (the directory removed, EMFILE while watching recursively) is closed
      // and made again at a later poll; the poll covers the gap.
      this.log('warn', 'watch_error', { path, code: codeOf(error), error: error.message });
      watcher.close();
      if (this.watchers.get(path) === watcher) this.watchers.delete(path);
      this.unwatched.set(path, codeOf(error) ?? error.message);
    });
    this.watchers.set(path, watcher);
    if (this.unwatched.delete(path)) this.log('info', 'watch_resumed', { path });
  }

  private poll(): void {
    for (const path of [...this.unwatched.keys()]) if (!this.closed && !this.watchers.has(path)) this.watchPath(path);
    // A change found by polling still waits for the quiet time: the writer may not be done.
    if (this.isStale()) this.schedule('poll');
  }

  private check(reason: string): void {
    if (!this.isStale()) return;
    try {
      this.options.onChange(reason);
    } catch (error) {
      this.log('warn', 'reload_crashed', {
        reason,
        code: codeOf(error),
        error: (error as Error).message,
        retry: `at the next poll, in ${this.options.pollMs} ms`,
      });
    }
  }

  private isStale(): boolean {
    try {
      return this.options.stale();
    } catch (error) {
      this.log('warn', 'scan_failed', {
        code: codeOf(error),
        error: (error as Error).message,
        retry: `in ${this.options.pollMs} ms`,
      });
      return false;
    }
  }
}
