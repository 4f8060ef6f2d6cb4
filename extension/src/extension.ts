// The platlint extension: a thin LSP client that starts the bundled language server (which gives
// diagnostics, for open files and, through workspace pull diagnostics, for the workspace;
// hover, completion, quick fixes, symbols and definitions), plus what LSP has no place for: a
// problem count in the status bar, and a command that asks for the workspace's problems.
// It imports nothing from the other packages: everything it needs comes over LSP.
import * as vscode from 'vscode';
import { DidChangeConfigurationNotification, LanguageClient, TransportKind } from 'vscode-languageclient/node';
import type { LanguageClientOptions, ServerOptions } from 'vscode-languageclient/node';
import { readSettings, SECTION } from './settings.js';
import type { PlatlintSettings } from './settings.js';
import { ProblemStatus, countProblems } from './status.js';
import { WorkspaceDiagnosticsGate } from './workspace-diagnostics.js';

/** Starts and stops the language client as `platlint.enable` goes on and off. */
class ClientController implements vscode.Disposable {
  private client: LanguageClient | undefined;
  /** Transitions run one after another, so quick toggles cannot start two servers. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly serverModule: string,
    private readonly output: vscode.LogOutputChannel,
    private readonly workspace: WorkspaceDiagnosticsGate,
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
        // Pull diagnostics: on open (always), on each change and save; the server lints the newest text.
        diagnosticPullOptions: { onChange: true, onSave: true },
        middleware: { provideWorkspaceDiagnostics: this.workspace.middleware },
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
      if (this.client?.isRunning())
        await this.client.sendNotification(DidChangeConfigurationNotification.type, { settings: { [SECTION]: settings } });
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
  const workspace = new WorkspaceDiagnosticsGate();
  controller = new ClientController(serverModule, output, workspace);
  context.subscriptions.push(output, status, controller);

  let settings = readSettings();
  status.setEnabled(settings.enable);

  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (!event.affectsConfiguration(SECTION) || !controller) return;
      const previous = settings;
      settings = readSettings();
      status.setEnabled(settings.enable);
      const report = (error: unknown): void =>
        log(`platlint: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!settings.enable) {
        workspace.reset();
        controller.stop().catch(report);
      } else if (!previous.enable) {
        controller.start(settings).catch(report);
      } else {
        controller.sendSettings(settings).catch(report);
      }
    }),
    vscode.commands.registerCommand('platlint.lintWorkspace', async () => {
      if (!readSettings().enable) {
        void vscode.window.showWarningMessage('platlint is turned off (setting platlint.enable).');
        return;
      }
      const done = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: 'platlint: linting the workspace', cancellable: true },
        (_progress, token) => workspace.lintWorkspace(token),
      );
      if (done) {
        const c = countProblems();
        log(`platlint: the workspace has ${c.errors + c.warnings + c.infos} problems in ${c.files} files`);
      }
      await vscode.commands.executeCommand('workbench.panel.markers.view.focus');
    }),
  );

  if (settings.enable) await controller.start(settings);
}

export async function deactivate(): Promise<void> {
  await controller?.stop();
  controller = undefined;
}
