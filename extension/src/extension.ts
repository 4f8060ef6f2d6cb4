// The platlint extension: a thin client that starts the bundled language server (which gives
// diagnostics, hover, completion, quick fixes, symbols and definitions for open files), plus
// what the server does not do by itself: a problem count in the status bar and a command
// that lints the workspace's files that are not open.
import * as vscode from 'vscode';
import { DidChangeConfigurationNotification, LanguageClient, TransportKind } from 'vscode-languageclient/node';
import type { LanguageClientOptions, ServerOptions } from 'vscode-languageclient/node';
import { readSettings, SECTION } from './settings.js';
import type { PlatlintSettings } from './settings.js';
import { ProblemStatus } from './status.js';
import { WorkspaceLinter } from './workspace-lint.js';

/** Starts and stops the language client as `platlint.enable` goes on and off. */
class ClientController implements vscode.Disposable {
  private client: LanguageClient | undefined;
  /** Transitions run one after another, so quick toggles cannot start two servers. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly serverModule: string,
    private readonly output: vscode.LogOutputChannel,
  ) {}

  start(settings: PlatlintSettings): Promise<void> {
    return this.enqueue(async () => {
      if (this.client) return;
      // Node IPC: the server's stdout stays free for anything it prints by mistake.
      const serverOptions: ServerOptions = {
        run: { module: this.serverModule, transport: TransportKind.ipc },
        debug: { module: this.serverModule, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6019'] } },
      };
      const clientOptions: LanguageClientOptions = {
        documentSelector: [
          { scheme: 'file', language: 'yaml' },
          { scheme: 'untitled', language: 'yaml' },
        ],
        // The server reads its settings from here at start and from didChangeConfiguration after.
        initializationOptions: { settings },
        outputChannel: this.output,
        diagnosticCollectionName: 'platlint',
      };
      const client = new LanguageClient('platlint', 'platlint', serverOptions, clientOptions);
      this.client = client;
      try {
        await client.start();
      } catch (error) {
        this.client = undefined;
        throw error;
      }
    });
  }

  stop(): Promise<void> {
    return this.enqueue(async () => {
      const client = this.client;
      this.client = undefined;
      // Stopping disposes the client's diagnostic collection: its problems leave the panel.
      if (client) await client.stop();
    });
  }

  /** Pushes changed settings; the server re-lints the open files with them. */
  sendSettings(settings: PlatlintSettings): Promise<void> {
    return this.enqueue(async () => {
      if (this.client?.isRunning()) await this.client.sendNotification(DidChangeConfigurationNotification.type, { settings: { [SECTION]: settings } });
    });
  }

  dispose(): void {
    void this.stop();
  }

  private enqueue(step: () => Promise<void>): Promise<void> {
    const next = this.queue.then(step);
    // A failed step is reported to its caller; the steps after it still run.
    this.queue = next.catch(() => undefined);
    return next;
  }
}

let controller: ClientController | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const serverModule = context.asAbsolutePath('dist/server.mjs');
  const output = vscode.window.createOutputChannel('platlint', { log: true });
  const log = (message: string): void => output.info(message);
  const status = new ProblemStatus();
  const workspace = new WorkspaceLinter(serverModule, readSettings, log);
  controller = new ClientController(serverModule, output);
  context.subscriptions.push(output, status, workspace, controller);

  let settings = readSettings();
  status.setEnabled(settings.enable);

  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (!event.affectsConfiguration(SECTION) || !controller) return;
      const previous = settings;
      settings = readSettings();
      status.setEnabled(settings.enable);
      const report = (error: unknown): void => log(`platlint: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!settings.enable) {
        workspace.clear();
        controller.stop().catch(report);
      } else if (!previous.enable) {
        controller.start(settings).catch(report);
      } else {
        controller.sendSettings(settings).catch(report);
        workspace.reconfigure();
      }
    }),
    vscode.commands.registerCommand('platlint.lintWorkspace', async () => {
      if (!readSettings().enable) {
        void vscode.window.showWarningMessage('platlint is turned off (setting platlint.enable).');
        return;
      }
      const summary = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'platlint: linting the workspace', cancellable: true }, (progress, token) =>
        workspace.lintWorkspace(progress, token),
      );
      const more = summary.truncated ? ' (the first files only: the workspace has more YAML files than are linted at once)' : '';
      log(`platlint: linted ${summary.linted} of ${summary.files} YAML files not open in an editor: ${summary.problems} problems${more}`);
      await vscode.commands.executeCommand('workbench.panel.markers.view.focus');
    }),
  );

  if (settings.enable) await controller.start(settings);
}

export async function deactivate(): Promise<void> {
  await controller?.stop();
  controller = undefined;
}
