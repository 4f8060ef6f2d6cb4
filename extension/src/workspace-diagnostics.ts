import type * as vscode from 'vscode';
import type { Middleware } from 'vscode-languageclient/node';

type WorkspaceDiagnosticsMiddleware = NonNullable<Middleware['provideWorkspaceDiagnostics']>;

/**
 * Workspace-wide problems come from the language server's `workspace/diagnostic` (LSP pull
 * diagnostics), which the language client asks for in a loop. Linting a whole workspace costs
 * CPU, so the loop's requests reach the server only once the user has run `platlint: Lint
 * Workspace`; from then on the client's loop keeps the closed files current, and the server
 * answers `unchanged` for what did not change.
 */
export class WorkspaceDiagnosticsGate {
  private requested = false;
  /** Commands waiting for a workspace pull to finish. */
  private waiters: ((done: boolean) => void)[] = [];

  readonly middleware: WorkspaceDiagnosticsMiddleware = async (resultIds, token, resultReporter, next) => {
    if (!this.requested) return { items: [] };
    const report = await next(resultIds, token, resultReporter);
    for (const waiter of this.waiters.splice(0)) waiter(!token.isCancellationRequested);
    return report;
  };

  /** Lets workspace pulls through; resolves when one has finished (true) or the wait was cancelled (false). */
  lintWorkspace(token: vscode.CancellationToken): Promise<boolean> {
    this.requested = true;
    return new Promise((resolve) => {
      this.waiters.push(resolve);
      token.onCancellationRequested(() => resolve(false));
    });
  }

  /** platlint was turned off: the next start waits for the command again. */
  reset(): void {
    this.requested = false;
    for (const waiter of this.waiters.splice(0)) waiter(false);
  }
}
