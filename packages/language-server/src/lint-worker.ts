import { parentPort, workerData } from 'node:worker_threads';
import type { ConfigFileRefusal, LintOutcome, LintSettings } from './lint-session.js';
import { LintSession } from './lint-session.js';

/** Messages from the server's main thread to the lint thread. */
export type ToWorker =
  /** `open`: the text is an editor buffer (kept for cross-document rules); otherwise the file on disk. */
  | { type: 'lint'; id: number; path: string; text: string; open: boolean }
  | { type: 'open'; path: string; text: string }
  | { type: 'close'; path: string }
  | { type: 'reconfigure'; settings: LintSettings }
  | { type: 'workspace-changed' };

export type FromWorker =
  | { type: 'result'; id: number; outcome: LintOutcome }
  | { type: 'failed'; id: number; message: string }
  /** Sent when the thread starts and on each `reconfigure`, while the `configFile` setting cannot be used. */
  | { type: 'config-file-refused'; refusal: ConfigFileRefusal };

export interface WorkerStart {
  platlintLintWorker: true;
  cwd: string;
  roots: string[];
  settings: LintSettings;
}

/**
 * The lint thread: linting a large file takes long enough to delay hovers and completions,
 * so it happens here, and the main thread can drop this thread when the work is superseded.
 * Returns false when this thread is not a lint worker.
 */
export function runLintWorkerIfAsked(): boolean {
  const start = workerData as WorkerStart | undefined;
  const port = parentPort;
  if (!start?.platlintLintWorker || !port) return false;
  const session = new LintSession(start.cwd, start.settings, start.roots);
  const tellRefusal = (): void => {
    if (session.configFileRefusal)
      port.postMessage({ type: 'config-file-refused', refusal: session.configFileRefusal } satisfies FromWorker);
  };
  tellRefusal();
  port.on('message', (message: ToWorker) => {
    switch (message.type) {
      case 'lint': {
        let reply: FromWorker;
        try {
          reply = {
            type: 'result',
            id: message.id,
            outcome: message.open ? session.lint(message.path, message.text) : session.lintText(message.path, message.text),
          };
        } catch (error) {
          reply = {
            type: 'failed',
            id: message.id,
            message: error instanceof Error ? (error.stack ?? error.message) : String(error),
          };
        }
        port.postMessage(reply);
        break;
      }
      case 'open':
        session.setOpen(message.path, message.text);
        break;
      case 'close':
        session.close(message.path);
        break;
      case 'reconfigure':
        session.reconfigure(message.settings);
        tellRefusal();
        break;
      case 'workspace-changed':
        session.workspaceChanged();
        break;
    }
  });
  return true;
}
