// A language client over stdio for the end-to-end tests: spawns a server
// process and speaks LSP to it through vscode-languageserver-protocol, collecting the
// diagnostics and messages the server sends.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { randomUUID } from 'node:crypto';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node';
import type { MessageConnection } from 'vscode-languageserver-protocol/node';
import { WorkspaceDiagnosticRequest } from 'vscode-languageserver-protocol';
import type {
  Diagnostic,
  InitializeParams,
  LogMessageParams,
  InitializeResult,
  PreviousResultId,
  PublishDiagnosticsParams,
  ShowMessageParams,
  WorkspaceDocumentDiagnosticReport,
} from 'vscode-languageserver-protocol';

export interface Published {
  uri: string;
  version: number | undefined;
  diagnostics: Diagnostic[];
  /** process.hrtime.bigint() when it arrived, in ms. */
  at: number;
}

export class TestClient {
  readonly connection: MessageConnection;
  readonly messages: ShowMessageParams[] = [];
  /** `window/logMessage` notifications, in order. */
  readonly logs: LogMessageParams[] = [];
  /** How many times the server asked to pull diagnostics again (`workspace/diagnostic/refresh`). */
  refreshes = 0;
  private readonly latest = new Map<string, Published>();
  private readonly waiters: { uri: string; test: (p: Published) => boolean; resolve: (p: Published) => void }[] = [];
  private stderr = '';
  /** The server's answer to `initialize`. */
  initialized: InitializeResult | undefined;

  private constructor(readonly child: ChildProcess) {
    this.connection = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    child.stderr!.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
      const published: Published = { uri: params.uri, version: params.version, diagnostics: params.diagnostics, at: now() };
      this.latest.set(params.uri, published);
      for (const waiter of [...this.waiters]) {
        if (waiter.uri === params.uri && waiter.test(published)) {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          waiter.resolve(published);
        }
      }
    });
    this.connection.onNotification('window/showMessage', (params: ShowMessageParams) => {
      this.messages.push(params);
    });
    this.connection.onNotification('window/logMessage', (params: LogMessageParams) => {
      this.logs.push(params);
    });
    this.connection.onRequest('client/registerCapability', () => null);
    this.connection.onRequest('workspace/configuration', (params: { items: unknown[] }) => params.items.map(() => null));
    this.connection.onRequest('window/workDoneProgress/create', () => null);
    this.connection.onRequest('workspace/diagnostic/refresh', () => {
      this.refreshes++;
      return null;
    });
    this.connection.listen();
  }

  /** Starts `node ...args` and initializes it with one workspace folder. */
  static async start(command: readonly string[], root: string, extra: Partial<InitializeParams> = {}): Promise<TestClient> {
    const [program, ...args] = command;
    const child = spawn(program as string, args, { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
    const client = new TestClient(child);
    const rootUri = pathToFileURL(root).href;
    client.initialized = await client.connection.sendRequest<InitializeResult>('initialize', {
      processId: process.pid,
      rootUri,
      workspaceFolders: [{ uri: rootUri, name: 'workspace' }],
      capabilities: {
        workspace: { didChangeWatchedFiles: { dynamicRegistration: true }, configuration: true },
        textDocument: { publishDiagnostics: { versionSupport: true } },
      },
      ...extra,
    } satisfies InitializeParams);
    await client.connection.sendNotification('initialized', {});
    return client;
  }

  /** The next diagnostics for `uri` that pass `test` (already-arrived ones count when `since` allows). */
  diagnostics(uri: string, test: (p: Published) => boolean = () => true, timeoutMs = 30_000): Promise<Published> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `no matching diagnostics for ${uri} within ${timeoutMs} ms; last: ${JSON.stringify(this.latest.get(uri))}\nserver stderr: ${this.stderr}`,
            ),
          ),
        timeoutMs,
      );
      this.waiters.push({ uri, test, resolve: (p) => (clearTimeout(timer), resolve(p)) });
    });
  }

  /**
   * `workspace/diagnostic`, with a partial result token: returns the reports streamed as
   * `$/progress` and those of the final answer, in the order they came.
   */
  async workspaceDiagnostics(previousResultIds: PreviousResultId[] = []): Promise<WorkspaceDocumentDiagnosticReport[]> {
    const partialResultToken = randomUUID();
    const reports: WorkspaceDocumentDiagnosticReport[] = [];
    const progress = this.connection.onProgress(WorkspaceDiagnosticRequest.partialResult, partialResultToken, (partial) => {
      reports.push(...partial.items);
    });
    try {
      const answer = await this.connection.sendRequest(WorkspaceDiagnosticRequest.type, {
        previousResultIds,
        partialResultToken,
      });
      reports.push(...answer.items);
    } finally {
      progress.dispose();
    }
    return reports;
  }

  /** What the server wrote on stderr so far. */
  get errorOutput(): string {
    return this.stderr;
  }

  /** Writes bytes to the server's input as they are, beside the protocol (a broken frame). */
  writeRaw(bytes: string): void {
    this.child.stdin!.write(bytes);
  }

  /** The server's exit status once it has exited (null when a signal ended it). */
  exited(): Promise<number | null> {
    if (this.child.exitCode !== null) return Promise.resolve(this.child.exitCode);
    return new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }

  latestFor(uri: string): Published | undefined {
    return this.latest.get(uri);
  }

  open(uri: string, text: string, version = 1, languageId = 'yaml'): Promise<void> {
    return this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version, text } });
  }

  change(
    uri: string,
    version: number,
    changes: { range?: { start: { line: number; character: number }; end: { line: number; character: number } }; text: string }[],
  ): Promise<void> {
    return this.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version },
      contentChanges: changes,
    });
  }

  close(uri: string): Promise<void> {
    return this.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }

  async stop(): Promise<void> {
    try {
      await Promise.race([this.connection.sendRequest('shutdown'), new Promise((r) => setTimeout(r, 2000))]);
      await this.connection.sendNotification('exit');
    } catch {
      // The process may already be gone.
    }
    await new Promise<void>((resolve) => {
      if (this.child.exitCode !== null) return resolve();
      const timer = setTimeout(() => {
        this.child.kill();
        resolve();
      }, 3000);
      this.child.once('exit', () => (clearTimeout(timer), resolve()));
    });
    this.connection.dispose();
  }
}

export function now(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}
