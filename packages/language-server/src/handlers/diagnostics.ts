import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity, DocumentDiagnosticReportKind, MessageType } from 'vscode-languageserver/node';
import type { DocumentDiagnosticReport, Diagnostic as LspDiagnostic } from 'vscode-languageserver/node';
import type { LintOutcome } from '../lint-session.js';
import { toLspDiagnostic } from '../lsp-diagnostics.js';
import { isYaml } from './context.js';
import type { CapabilitiesOf, ServerContext } from './context.js';

/** Changes closer together than this are linted once, after the last of them. */
const DEBOUNCE_MS = 150;
/** Files longer than this are linted less eagerly (see LARGE_DEBOUNCE_MS) and abandoned when superseded. */
const LARGE_FILE_LINES = 10_000;
const LARGE_DEBOUNCE_MS = 600;

type ConfigFailure = Extract<LintOutcome, { type: 'config-error' }>['error'];

interface DocumentState {
  timer: NodeJS.Timeout | undefined;
  lastChange: number;
  /** The last version seen, so that the content event that comes with opening is not a change. */
  seenVersion: number | undefined;
  largeNoticeSent: boolean;
}

/**
 * Turns lint outcomes into LSP diagnostics. An invalid configuration is said once (a message,
 * and its problems shown in the configuration file itself, where they can be fixed) and each
 * manifest it governs gets one diagnostic saying it was not linted.
 */
export class OutcomeReporter {
  private readonly configProblems = new Set<string>();
  /** Configuration files that show a problem now; cleared when configuration is read again. */
  private readonly configFilesWithProblems = new Set<string>();

  constructor(private readonly ctx: ServerContext) {
    ctx.onConfigurationChanged(() => {
      this.configProblems.clear();
      for (const uri of this.configFilesWithProblems) void ctx.connection.sendDiagnostics({ uri, diagnostics: [] });
      this.configFilesWithProblems.clear();
    });
  }

  diagnosticsOf(outcome: LintOutcome): LspDiagnostic[] {
    if (outcome.type === 'linted') return outcome.diagnostics.map(toLspDiagnostic);
    if (outcome.type === 'config-error') return [this.configErrorDiagnostic(outcome.error)];
    return [];
  }

  private configErrorDiagnostic(error: ConfigFailure): LspDiagnostic {
    if (!this.configProblems.has(error.message)) {
      this.configProblems.add(error.message);
      this.ctx.tell(MessageType.Error, `platlint: invalid configuration: ${error.message}`);
      const configUri = pathToFileURL(error.file).href;
      this.configFilesWithProblems.add(configUri);
      const diagnostics = error.problems.map((p) => {
        const place = { line: Math.max(0, p.line - 1), character: Math.max(0, p.column - 1) };
        return {
          range: { start: place, end: place },
          severity: DiagnosticSeverity.Error,
          source: 'platlint',
          code: 'config/invalid',
          message: p.reason,
        };
      });
      void this.ctx.connection.sendDiagnostics({ uri: configUri, diagnostics });
    }
    return {
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      severity: DiagnosticSeverity.Error,
      source: 'platlint',
      code: 'config/invalid',
      message: `not linted: the configuration ${error.file} is invalid (line ${error.line}, column ${error.column}: ${error.reason})`,
    };
  }
}

/**
 * Diagnostics of open documents. Clients that pull (`textDocument/diagnostic`, LSP 3.17) ask
 * when they want them; to the others (neovim, older editors) the server pushes
 * `textDocument/publishDiagnostics` after each change, debounced while typing.
 */
export function registerDocumentDiagnostics(ctx: ServerContext, reporter: OutcomeReporter): CapabilitiesOf {
  const { connection, documents } = ctx;
  const states = new Map<string, DocumentState>();
  let pull = false;

  function stateOf(uri: string): DocumentState {
    let state = states.get(uri);
    if (!state) {
      state = { timer: undefined, lastChange: 0, seenVersion: undefined, largeNoticeSent: false };
      states.set(uri, state);
    }
    return state;
  }

  /** Says once per document that a large file is handled differently; returns whether it is large. */
  function noticeIfLarge(doc: TextDocument): boolean {
    if (doc.lineCount <= LARGE_FILE_LINES) return false;
    const state = stateOf(doc.uri);
    if (!state.largeNoticeSent) {
      state.largeNoticeSent = true;
      const when = pull ? 'updated when your editor asks for them' : `updated ${LARGE_DEBOUNCE_MS} ms after typing stops`;
      ctx.tell(
        MessageType.Info,
        `platlint: ${basename(doc.uri)} has ${doc.lineCount} lines. Its diagnostics are ${when}, and a lint still running is stopped when you type; hover and completion read only the YAML document under the cursor.`,
      );
    }
    return true;
  }

  /** Lints a document's current text; undefined when it is not linted or a newer text replaced it. */
  async function lintNow(doc: TextDocument): Promise<LspDiagnostic[] | undefined> {
    const path = ctx.pathOf(doc.uri);
    if (!ctx.pool || !path || !isYaml(doc) || !ctx.enabled) return [];
    const version = doc.version;
    const answer = await ctx.pool.lint(path, doc.getText());
    // A newer text is on its way (or the document closed): these results would be stale.
    if (answer.type === 'superseded' || documents.get(doc.uri)?.version !== version) return undefined;
    const diagnostics = reporter.diagnosticsOf(answer.outcome);
    ctx.shown.set(doc.uri, diagnostics);
    return diagnostics;
  }

  // Push: lint on open and change, publish what comes back.
  async function publish(uri: string): Promise<void> {
    const doc = documents.get(uri);
    if (!doc) return;
    const diagnostics = await lintNow(doc);
    if (diagnostics) void connection.sendDiagnostics({ uri, version: doc.version, diagnostics });
  }

  /** Lints after `delay` ms, replacing any lint of this document still waiting. */
  function schedule(doc: TextDocument, delay: number): void {
    const state = stateOf(doc.uri);
    clearTimeout(state.timer);
    state.timer = undefined;
    if (delay <= 0) void publish(doc.uri);
    else state.timer = setTimeout(() => void publish(doc.uri), delay);
  }

  function onChange(doc: TextDocument): void {
    const state = stateOf(doc.uri);
    const now = Date.now();
    const quiet = now - state.lastChange;
    state.lastChange = now;
    const large = noticeIfLarge(doc);
    // A lone edit is linted at once; edits in quick succession wait until typing pauses.
    schedule(doc, large ? LARGE_DEBOUNCE_MS : quiet > DEBOUNCE_MS ? 0 : DEBOUNCE_MS);
  }

  /** Configuration or workspace files changed: every open document's diagnostics are renewed. */
  function renewAll(): void {
    if (pull) {
      if (ctx.client.workspace?.diagnostics?.refreshSupport)
        connection.languages.diagnostics
          .refresh()
          .catch((error: unknown) => ctx.log(`platlint: the client refused to refresh diagnostics: ${String(error)}`));
    } else for (const doc of documents.all()) schedule(doc, 0);
  }
  ctx.onConfigurationChanged(renewAll);
  ctx.onFilesChanged(renewAll);

  ctx.onInitialized(() => {
    if (!pull) for (const doc of documents.all()) schedule(doc, 0);
  });

  documents.onDidOpen((event) => {
    const state = stateOf(event.document.uri);
    state.lastChange = Date.now();
    state.seenVersion = event.document.version;
    if (pull) return;
    noticeIfLarge(event.document);
    schedule(event.document, 0);
  });
  documents.onDidChangeContent((event) => {
    const state = stateOf(event.document.uri);
    if (state.seenVersion === event.document.version) return;
    state.seenVersion = event.document.version;
    if (!pull) onChange(event.document);
  });
  documents.onDidClose((event) => {
    const uri = event.document.uri;
    clearTimeout(states.get(uri)?.timer);
    states.delete(uri);
    ctx.shown.delete(uri);
    const path = ctx.pathOf(uri);
    if (path) ctx.pool?.close(path);
    if (!pull) void connection.sendDiagnostics({ uri, diagnostics: [] });
  });

  // Pull: the client asks, for the text it has sent.
  connection.languages.diagnostics.on(async (params, token): Promise<DocumentDiagnosticReport> => {
    const uri = params.textDocument.uri;
    const path = ctx.pathOf(uri);
    // A cancelled request stops a long lint of its text: the client asks again for the newer one.
    const cancelled = token.onCancellationRequested(() => path && ctx.pool?.cancel(path));
    try {
      // The text changed while it was linted: the newest text is linted, until the client gives up.
      for (let doc = documents.get(uri); doc && !token.isCancellationRequested; doc = documents.get(uri)) {
        noticeIfLarge(doc);
        const items = await lintNow(doc);
        if (items) return { kind: DocumentDiagnosticReportKind.Full, items };
      }
      return { kind: DocumentDiagnosticReportKind.Full, items: [] };
    } finally {
      cancelled.dispose();
    }
  });

  return (client) => {
    pull = client.textDocument?.diagnostic !== undefined;
    // interFileDependencies: a file's findings depend on other files (cross-document rules).
    // workspaceDiagnostics: `workspace/diagnostic` is answered by handlers/workspace-diagnostics.ts.
    return pull
      ? { diagnosticProvider: { identifier: 'platlint', interFileDependencies: true, workspaceDiagnostics: true } }
      : {};
  };
}
