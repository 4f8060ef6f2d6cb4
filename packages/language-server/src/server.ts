import { TextDocument } from 'vscode-languageserver-textdocument';
import { TextDocumentSyncKind, TextDocuments } from 'vscode-languageserver/node';
import type { Connection, InitializeResult } from 'vscode-languageserver/node';
import { registerCodeActions } from './handlers/code-actions.js';
import { registerCompletion } from './handlers/completion.js';
import { registerConfiguration } from './handlers/configuration.js';
import { ServerContext } from './handlers/context.js';
import type { CapabilitiesOf } from './handlers/context.js';
import { registerDefinition } from './handlers/definition.js';
import { OutcomeReporter, registerDocumentDiagnostics } from './handlers/diagnostics.js';
import { registerHover } from './handlers/hover.js';
import { registerSymbols } from './handlers/symbols.js';
import { registerWorkspaceDiagnostics } from './handlers/workspace-diagnostics.js';
import { createServerConnection } from './stdio-connection.js';

export interface ServerOptions {
  /** The module that starts a lint worker thread (the server's entry point). */
  workerEntry: URL;
}

/**
 * Starts the language server on the connection given by the command line (`--stdio`). This
 * only connects the handlers (handlers/, one per concern) to the connection and the open
 * documents; what they share is the ServerContext.
 */
export function startServer(options: ServerOptions): Connection {
  let shutdownReceived = false;
  const connection = createServerConnection(process.argv.slice(2), () => shutdownReceived);
  const documents = new TextDocuments(TextDocument);
  const ctx = new ServerContext(connection, documents, options.workerEntry);
  const reporter = new OutcomeReporter(ctx);

  registerConfiguration(ctx);
  const features: CapabilitiesOf[] = [
    registerDocumentDiagnostics(ctx, reporter),
    registerHover(ctx),
    registerCompletion(ctx),
    registerCodeActions(ctx),
    registerSymbols(ctx),
    registerDefinition(ctx),
  ];
  registerWorkspaceDiagnostics(ctx, reporter);

  connection.onInitialize((params): InitializeResult => {
    ctx.initialize(params);
    const capabilities = Object.assign(
      { textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } } },
      ...features.map((of) => of(params.capabilities)),
    );
    return { capabilities, serverInfo: { name: 'platlint-language-server' } };
  });
  connection.onInitialized(() => ctx.initialized());
  connection.onShutdown(() => {
    shutdownReceived = true;
    ctx.pool?.dispose();
  });

  documents.listen(connection);
  connection.listen();
  return connection;
}
