import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CONFIG_FILE, IGNORE_FILE } from '@platlint/core';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CodeActionKind, DidChangeWatchedFilesNotification, DiagnosticSeverity, MessageType, ProposedFeatures, ShowMessageNotification, TextDocumentSyncKind, TextDocuments, createConnection } from 'vscode-languageserver/node';
import type { Connection, Diagnostic as LspDiagnostic, InitializeResult } from 'vscode-languageserver/node';
import { codeActionsFor } from './code-actions.js';
import { completeAt } from './completion.js';
import { hoverAt } from './hover.js';
import { LintPool } from './lint-pool.js';
import type { LintOutcome, LintSettings } from './lint-session.js';
import { toLspDiagnostic } from './lsp-diagnostics.js';
import { ObjectIndex, documentSymbols } from './object-index.js';
import type { Lines } from './yaml-outline.js';

/** Changes closer together than this are linted once, after the last of them. */
export const DEBOUNCE_MS = 150;
/** Files longer than this are linted less eagerly (see LARGE_DEBOUNCE_MS) and abandoned when superseded. */
export const LARGE_FILE_LINES = 10_000;
export const LARGE_DEBOUNCE_MS = 600;
/** Texts above this many characters are not awaited when a newer version arrives: the lint is stopped. */
const ABANDON_ABOVE_CHARS = 200_000;

export interface ServerOptions {
  /** The module that starts a lint worker thread (the server's entry point). */
  workerEntry: URL;
}

interface DocumentState {
  timer: NodeJS.Timeout | undefined;
  lastChange: number;
  /** The last version seen, so that the content event that comes with opening is not a change. */
  seenVersion: number | undefined;
  /** Version whose diagnostics are shown. */
  publishedVersion: number | undefined;
  largeNoticeSent: boolean;
}

/** The editor's `platlint` settings (the VS Code extension sends them; other clients may). */
interface ClientSettings {
  enable?: boolean;
  configFile?: string;
  rules?: LintSettings['rules'];
}

export function linesOfDocument(doc: TextDocument): Lines {
  return {
    count: doc.lineCount,
    line: (i) => doc.getText({ start: { line: i, character: 0 }, end: { line: i + 1, character: 0 } }).replace(/\r?\n$/, ''),
  };
}

function pathOf(uri: string, cwd: string): string | undefined {
  if (uri.startsWith('file:')) return fileURLToPath(uri);
  // Unsaved buffers are linted as if they were in the workspace root (configuration lookup).
  if (uri.startsWith('untitled:')) return join(cwd, `${basename(uri.slice('untitled:'.length)) || 'untitled'}.yaml`);
  return undefined;
}

function isYaml(doc: TextDocument): boolean {
  return doc.languageId === 'yaml' || /\.ya?ml$/i.test(doc.uri);
}

/** Starts the language server on the connection given by the command line (`--stdio`). */
export function startServer(options: ServerOptions): Connection {
  const connection = createConnection(ProposedFeatures.all);
  const documents = new TextDocuments(TextDocument);
  const states = new Map<string, DocumentState>();
  const published = new Map<string, LspDiagnostic[]>();
  const configProblems = new Set<string>();
  /** Configuration files that show a problem now; cleared when configuration is read again. */
  const configFilesWithProblems = new Set<string>();
  let roots: string[] = [];
  let cwd = process.cwd();
  let settings: ClientSettings = {};
  let pool: LintPool | undefined;
  let objects: ObjectIndex | undefined;
  let watchRegistration = false;

  const lintSettings = (): LintSettings => ({ configFile: settings.configFile, rules: settings.rules ?? {} });
  const log = (message: string): void => connection.console.log(message);
  // A notification, not window/showMessageRequest: nothing to answer, nothing to wait for.
  const tell = (type: MessageType, message: string): void => void connection.sendNotification(ShowMessageNotification.type, { type, message });

  connection.onInitialize((params): InitializeResult => {
    const folders = params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : []);
    roots = folders.filter((u) => u.startsWith('file:')).map((u) => fileURLToPath(u));
    cwd = roots[0] ?? process.cwd();
    const initial = (params.initializationOptions as { settings?: ClientSettings } | undefined)?.settings;
    if (initial) settings = initial;
    watchRegistration = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        hoverProvider: true,
        completionProvider: { triggerCharacters: [':', ' ', '.', '-'], resolveProvider: false },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
        documentSymbolProvider: true,
        definitionProvider: true,
      },
      serverInfo: { name: 'platlint-language-server' },
    };
  });

  connection.onInitialized(() => {
    pool = new LintPool({ entry: options.workerEntry, cwd, roots, settings: lintSettings(), abandonAbove: ABANDON_ABOVE_CHARS, log });
    objects = new ObjectIndex(roots, function* () {
      for (const doc of documents.all()) yield { uri: doc.uri, path: pathOf(doc.uri, cwd), lines: linesOfDocument(doc) };
    });
    if (watchRegistration) {
      connection.client
        .register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: `**/${CONFIG_FILE}` }, { globPattern: `**/${IGNORE_FILE}` }, { globPattern: '**/*.{yaml,yml}' }] })
        .catch((error: unknown) => log(`platlint: could not watch files: ${String(error)}`));
    }
    for (const doc of documents.all()) schedule(doc, 0);
  });

  function stateOf(uri: string): DocumentState {
    let state = states.get(uri);
    if (!state) {
      state = { timer: undefined, lastChange: 0, seenVersion: undefined, publishedVersion: undefined, largeNoticeSent: false };
      states.set(uri, state);
    }
    return state;
  }

  /** Lints after `delay` ms, replacing any lint of this document still waiting. */
  function schedule(doc: TextDocument, delay: number): void {
    const state = stateOf(doc.uri);
    clearTimeout(state.timer);
    state.timer = undefined;
    if (delay <= 0) void lint(doc.uri);
    else state.timer = setTimeout(() => void lint(doc.uri), delay);
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

  /** Says once per document that a large file is handled differently; returns whether it is large. */
  function noticeIfLarge(doc: TextDocument): boolean {
    if (doc.lineCount <= LARGE_FILE_LINES) return false;
    const state = stateOf(doc.uri);
    if (!state.largeNoticeSent) {
      state.largeNoticeSent = true;
      tell(
        MessageType.Info,
        `platlint: ${basename(doc.uri)} has ${doc.lineCount} lines. Its diagnostics are updated ${LARGE_DEBOUNCE_MS} ms after typing stops, and a lint still running is stopped when you type; hover and completion read only the YAML document under the cursor.`,
      );
    }
    return true;
  }

  async function lint(uri: string): Promise<void> {
    const doc = documents.get(uri);
    if (!doc || !pool || !isYaml(doc) || settings.enable === false) return;
    const path = pathOf(uri, cwd);
    if (!path) return;
    const version = doc.version;
    const answer = await pool.lint(path, doc.getText());
    // A newer text is on its way (or the document closed): these results would be stale.
    if (answer.type === 'superseded' || documents.get(uri)?.version !== version) return;
    publish(uri, version, answer.outcome);
  }

  function publish(uri: string, version: number, outcome: LintOutcome): void {
    let diagnostics: LspDiagnostic[] = [];
    if (outcome.type === 'linted') diagnostics = outcome.diagnostics.map(toLspDiagnostic);
    else if (outcome.type === 'config-error') diagnostics = [configErrorDiagnostic(outcome.error)];
    stateOf(uri).publishedVersion = version;
    published.set(uri, diagnostics);
    void connection.sendDiagnostics({ uri, version, diagnostics });
  }

  function configErrorDiagnostic(error: Extract<LintOutcome, { type: 'config-error' }>['error']): LspDiagnostic {
    if (!configProblems.has(error.message)) {
      configProblems.add(error.message);
      tell(MessageType.Error, `platlint: invalid configuration: ${error.message}`);
      // The problem itself is shown in the configuration file, where it can be fixed.
      const configUri = pathToFileURL(error.file).href;
      configFilesWithProblems.add(configUri);
      const diagnostics = error.problems.map((p) => {
        const place = { line: Math.max(0, p.line - 1), character: Math.max(0, p.column - 1) };
        return { range: { start: place, end: place }, severity: DiagnosticSeverity.Error, source: 'platlint', code: 'config/invalid', message: p.reason };
      });
      void connection.sendDiagnostics({ uri: configUri, diagnostics });
    }
    return {
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      severity: DiagnosticSeverity.Error,
      source: 'platlint',
      code: 'config/invalid',
      message: `not linted: the configuration ${error.file} is invalid (line ${error.line}, column ${error.column}: ${error.reason})`,
    };
  }

  /** Configuration or workspace files changed: every open document is linted again. */
  function relintAll(): void {
    for (const doc of documents.all()) schedule(doc, 0);
  }

  function reconfigure(): void {
    configProblems.clear();
    for (const uri of configFilesWithProblems) void connection.sendDiagnostics({ uri, diagnostics: [] });
    configFilesWithProblems.clear();
    pool?.reconfigure(lintSettings());
    relintAll();
  }

  documents.onDidOpen((event) => {
    const state = stateOf(event.document.uri);
    state.lastChange = Date.now();
    state.seenVersion = event.document.version;
    noticeIfLarge(event.document);
    schedule(event.document, 0);
  });
  documents.onDidChangeContent((event) => {
    const state = stateOf(event.document.uri);
    if (state.seenVersion === event.document.version) return;
    state.seenVersion = event.document.version;
    onChange(event.document);
  });
  documents.onDidClose((event) => {
    const uri = event.document.uri;
    clearTimeout(states.get(uri)?.timer);
    states.delete(uri);
    published.delete(uri);
    const path = pathOf(uri, cwd);
    if (path) pool?.close(path);
    void connection.sendDiagnostics({ uri, diagnostics: [] });
  });
  documents.onDidSave((event) => {
    if (basename(event.document.uri) === CONFIG_FILE) reconfigure();
  });

  connection.onDidChangeWatchedFiles((params) => {
    objects?.filesChanged();
    const configChanged = params.changes.some((c) => [CONFIG_FILE, IGNORE_FILE].includes(basename(c.uri)));
    if (configChanged) {
      reconfigure();
      return;
    }
    pool?.workspaceChanged();
    relintAll();
  });

  connection.onDidChangeConfiguration((params) => {
    const next = (params.settings as { platlint?: ClientSettings } | undefined)?.platlint;
    if (next) settings = next;
    reconfigure();
  });

  connection.onHover((params) => {
    const doc = documents.get(params.textDocument.uri);
    return doc ? hoverAt(linesOfDocument(doc), params.position) : null;
  });

  connection.onCompletion((params) => {
    const doc = documents.get(params.textDocument.uri);
    return doc ? completeAt(linesOfDocument(doc), params.position) : [];
  });

  connection.onCodeAction((params) => {
    const doc = documents.get(params.textDocument.uri);
    if (!doc) return [];
    // Clients echo `data` back, but not all do: the published diagnostic is the reference.
    const shown = published.get(doc.uri) ?? [];
    const same = (a: LspDiagnostic, b: LspDiagnostic): boolean => a.code === b.code && a.message === b.message && a.range.start.line === b.range.start.line && a.range.start.character === b.range.start.character;
    const diagnostics = params.context.diagnostics.map((d) => shown.find((s) => same(s, d)) ?? d);
    return codeActionsFor(doc.uri, linesOfDocument(doc), diagnostics);
  });

  connection.onDocumentSymbol((params) => {
    const doc = documents.get(params.textDocument.uri);
    return doc ? documentSymbols(linesOfDocument(doc)) : [];
  });

  connection.onDefinition((params) => {
    const doc = documents.get(params.textDocument.uri);
    return doc && objects ? objects.definition(linesOfDocument(doc), params.position) : null;
  });

  connection.onShutdown(() => pool?.dispose());

  documents.listen(connection);
  connection.listen();
  return connection;
}
