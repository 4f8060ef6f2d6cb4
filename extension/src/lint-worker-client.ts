import { Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
// Types only: they tie this client to the server's worker protocol at compile time, and
// nothing of the server is bundled into the extension.
import type { LintOutcome, LintSettings } from '../../packages/language-server/src/lint-session.js';
import type { FromWorker, ToWorker, WorkerStart } from '../../packages/language-server/src/lint-worker.js';

export type { LintOutcome, LintSettings };

/**
 * The language server's lint thread, started in the extension host from the bundled server
 * module. It lints files that no editor has open (the server lints only open documents) with
 * the same session code, so the workspace's problems are the ones the server and the CLI give.
 */
export class LintWorkerClient {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (outcome: LintOutcome) => void; reject: (error: Error) => void }>();
  private nextId = 1;
  private failure: Error | undefined;

  constructor(serverModule: string, start: Omit<WorkerStart, 'platlintLintWorker'>) {
    const workerData: WorkerStart = { platlintLintWorker: true, ...start };
    this.worker = new Worker(pathToFileURL(serverModule), { workerData });
    this.worker.on('message', (message: FromWorker) => {
      const waiter = this.pending.get(message.id);
      if (!waiter) return;
      this.pending.delete(message.id);
      if (message.type === 'result') waiter.resolve(message.outcome);
      else waiter.reject(new Error(`platlint failed on a file: ${message.message}`));
    });
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`the lint thread stopped (exit code ${code})`)));
  }

  get alive(): boolean {
    return this.failure === undefined;
  }

  lint(path: string, text: string): Promise<LintOutcome> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.post({ type: 'lint', id, path, text });
    });
  }

  /** A buffer's text, which cross-document rules read in place of the file on disk. */
  setOpen(path: string, text: string): void {
    this.post({ type: 'open', path, text });
  }

  close(path: string): void {
    this.post({ type: 'close', path });
  }

  reconfigure(settings: LintSettings): void {
    this.post({ type: 'reconfigure', settings });
  }

  workspaceChanged(): void {
    this.post({ type: 'workspace-changed' });
  }

  async dispose(): Promise<void> {
    this.fail(new Error('the lint thread was stopped'));
    await this.worker.terminate();
  }

  private post(message: ToWorker): void {
    if (!this.failure) this.worker.postMessage(message);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiter of this.pending.values()) waiter.reject(this.failure);
    this.pending.clear();
  }
}
