import { Worker } from 'node:worker_threads';
import type { ConfigFileRefusal, LintOutcome, LintSettings } from './lint-session.js';
import type { FromWorker, ToWorker, WorkerStart } from './lint-worker.js';

/** The answer to a lint request: the outcome, or word that a newer request replaced it. */
export type LintAnswer = { type: 'done'; outcome: LintOutcome } | { type: 'superseded' };

interface Job {
  id: number;
  path: string;
  text: string;
  /** An editor buffer (true) or a file's text on disk (false, for workspace diagnostics). */
  open: boolean;
  resolve: (answer: LintAnswer) => void;
}

export interface LintPoolOptions {
  /** The module that starts a lint worker (the server's entry). */
  entry: URL;
  cwd: string;
  roots: string[];
  settings: LintSettings;
  /** Above this many characters a running lint is stopped, not awaited, when a newer text arrives. */
  abandonAbove: number;
  log: (message: string) => void;
  /** The thread lints with the default configuration because the `configFile` setting cannot be used (said at each start and reconfiguration). */
  onConfigFileRefused: (refusal: ConfigFileRefusal) => void;
}

/**
 * Hands lint work to one worker thread, one file at a time, newest text first-class:
 * a queued request for a file is replaced by a newer one, and a long-running lint of an
 * older text is stopped by ending the thread and starting a fresh one (the thread's state,
 * the open texts and the settings, is sent again).
 */
export class LintPool {
  private worker: Worker | undefined;
  private running: Job | undefined;
  private readonly queue: Job[] = [];
  private readonly texts = new Map<string, string>();
  private nextId = 1;
  private disposed = false;

  constructor(private readonly options: LintPoolOptions) {
    this.start();
  }

  /** Lints an editor buffer; cross-document rules read it in place of the file until `close`. */
  lint(path: string, text: string): Promise<LintAnswer> {
    this.texts.set(path, text);
    this.cancel(path, 'a newer text replaced a long lint');
    return this.enqueue(path, text, true);
  }

  /** Lints a file as it is on disk, leaving open buffers as they are. */
  lintFromDisk(path: string, text: string): Promise<LintAnswer> {
    return this.enqueue(path, text, false);
  }

  /**
   * Gives up the lints of a buffer still waiting or running (answered `superseded`); a long
   * running one is stopped by restarting the thread, a short one is left to finish.
   */
  cancel(path: string, reason = 'the client cancelled a long lint'): void {
    for (let i = this.queue.length - 1; i >= 0; i--) {
      const queued = this.queue[i] as Job;
      if (queued.open && queued.path === path) {
        this.queue.splice(i, 1);
        queued.resolve({ type: 'superseded' });
      }
    }
    const running = this.running;
    if (running?.open && running.path === path && running.text.length > this.options.abandonAbove) {
      this.running = undefined;
      running.resolve({ type: 'superseded' });
      this.restart(reason);
    }
  }

  close(path: string): void {
    this.texts.delete(path);
    this.send({ type: 'close', path });
  }

  reconfigure(settings: LintSettings): void {
    this.options.settings = settings;
    this.send({ type: 'reconfigure', settings });
  }

  workspaceChanged(): void {
    this.send({ type: 'workspace-changed' });
  }

  dispose(): void {
    this.disposed = true;
    for (const job of this.queue.splice(0)) job.resolve({ type: 'superseded' });
    this.running?.resolve({ type: 'superseded' });
    this.running = undefined;
    void this.worker?.terminate();
    this.worker = undefined;
  }

  private enqueue(path: string, text: string, open: boolean): Promise<LintAnswer> {
    return new Promise((resolve) => {
      this.queue.push({ id: this.nextId++, path, text, open, resolve });
      this.pump();
    });
  }

  private send(message: ToWorker): void {
    this.worker?.postMessage(message);
  }

  private pump(): void {
    if (this.running || this.disposed) return;
    const job = this.queue.shift();
    if (!job) return;
    this.running = job;
    this.send({ type: 'lint', id: job.id, path: job.path, text: job.text, open: job.open });
  }

  private start(): void {
    const data: WorkerStart = {
      platlintLintWorker: true,
      cwd: this.options.cwd,
      roots: this.options.roots,
      settings: this.options.settings,
    };
    const worker = new Worker(this.options.entry, { workerData: data });
    // A worker that is idle must not keep the process alive after the client has gone.
    worker.unref();
    worker.on('message', (message: FromWorker) => {
      if (message.type === 'config-file-refused') {
        if (worker === this.worker) this.options.onConfigFileRefused(message.refusal);
        return;
      }
      const job = this.running;
      if (worker !== this.worker || !job || job.id !== message.id) return;
      this.running = undefined;
      if (message.type === 'result') job.resolve({ type: 'done', outcome: message.outcome });
      else {
        this.options.log(`platlint: linting ${job.path} failed: ${message.message}`);
        job.resolve({ type: 'superseded' });
      }
      this.pump();
    });
    worker.on('error', (error) => this.options.log(`platlint: the lint thread failed: ${error.stack ?? error.message}`));
    worker.on('exit', () => {
      if (worker !== this.worker || this.disposed) return;
      // An unexpected end (out of memory, a crash): the running file gives up, the rest go on.
      this.running?.resolve({ type: 'superseded' });
      this.running = undefined;
      this.restart('the lint thread exited');
    });
    this.worker = worker;
    for (const [path, text] of this.texts) worker.postMessage({ type: 'open', path, text } satisfies ToWorker);
  }

  private restart(reason: string): void {
    const old = this.worker;
    this.worker = undefined;
    void old?.terminate();
    this.options.log(`platlint: restarting the lint thread (${reason})`);
    this.start();
    this.pump();
  }
}
