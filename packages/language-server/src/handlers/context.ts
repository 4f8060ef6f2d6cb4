import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { ShowMessageNotification } from 'vscode-languageserver/node';
import type {
  ClientCapabilities,
  Connection,
  Diagnostic as LspDiagnostic,
  InitializeParams,
  ServerCapabilities,
  TextDocuments,
  MessageType,
} from 'vscode-languageserver/node';
import { ConfigResolver, defaultConfig, type Catalog } from '@platlint/core';
import { knownRuleIds } from '@platlint/rules';
import { LintPool } from '../lint-pool.js';
import { WorkspaceDefinitions } from '../workspace-definitions.js';
import type { ConfigFileRefusal, LintSettings } from '../lint-session.js';
import type { Lines } from '../yaml-outline.js';

/** Texts above this many characters are not awaited when a newer version arrives: the lint is stopped. */
const ABANDON_ABOVE_CHARS = 200_000;

/** The editor's `platlint` settings (the VS Code extension sends them; other clients may). */
export interface ClientSettings {
  enable?: boolean;
  configFile?: string;
  rules?: LintSettings['rules'];
}

/** What each handler module adds to the server's answer to `initialize`, given the client's capabilities. */
export type CapabilitiesOf = (client: ClientCapabilities) => ServerCapabilities;

export function linesOfDocument(doc: TextDocument): Lines {
  return {
    count: doc.lineCount,
    // A line ends at LF, CRLF or a lone CR (old Mac files), as the protocol counts lines.
    line: (i) =>
      doc.getText({ start: { line: i, character: 0 }, end: { line: i + 1, character: 0 } }).replace(/(?:\r\n|\r|\n)$/, ''),
  };
}

export function isYaml(doc: TextDocument): boolean {
  return doc.languageId === 'yaml' || /\.ya?ml$/i.test(doc.uri);
}

/**
 * What the handlers share: the connection and open documents, the workspace and settings the
 * client gave, the lint thread, the diagnostics shown per document (code actions read them),
 * and four events: the client is ready, configuration changed (settings or configuration files), files of the
 * workspace changed on disk, and the lint thread could not use the `configFile` setting.
 */
export class ServerContext {
  roots: string[] = [];
  cwd = process.cwd();
  settings: ClientSettings = {};
  client: ClientCapabilities = {};
  pool: LintPool | undefined;
  /** The diagnostics last given for each open document, by URI. */
  readonly shown = new Map<string, LspDiagnostic[]>();
  /** The workspace's CustomResourceDefinitions, whose kinds hover and completion know. */
  private definitions = new WorkspaceDefinitions(this.cwd, [], () => defaultConfig(this.cwd));
  private readonly readyListeners: (() => void)[] = [];
  private readonly configurationListeners: (() => void)[] = [];
  private readonly filesListeners: (() => void)[] = [];
  private readonly refusalListeners: ((refusal: ConfigFileRefusal) => void)[] = [];

  constructor(
    readonly connection: Connection,
    readonly documents: TextDocuments<TextDocument>,
    private readonly workerEntry: URL,
  ) {}

  initialize(params: InitializeParams): void {
    const folders = params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : []);
    this.roots = folders.filter((u) => u.startsWith('file:')).map((u) => fileURLToPath(u));
    this.cwd = this.roots[0] ?? process.cwd();
    const initial = (params.initializationOptions as { settings?: ClientSettings } | undefined)?.settings;
    if (initial) this.settings = initial;
    this.client = params.capabilities;
    this.definitions = this.workspaceDefinitions();
  }

  private workspaceDefinitions(): WorkspaceDefinitions {
    // The configuration names `crds:`; one that cannot be read names none (the lint thread says why).
    let resolver: ConfigResolver | undefined;
    const configFor = (path: string) =>
      (resolver ??= new ConfigResolver(knownRuleIds, {
        configFile: this.settings.configFile || undefined,
        cwd: this.cwd,
      })).forFile(path);
    return new WorkspaceDefinitions(this.cwd, this.roots, configFor);
  }

  /** The kinds hover and completion know: the built-in catalog and the workspace's custom kinds. */
  catalog(): Catalog {
    const open: [string, string][] = [];
    for (const doc of this.documents.all()) {
      const path = isYaml(doc) ? this.pathOf(doc.uri) : undefined;
      if (path) open.push([path, doc.getText()]);
    }
    return this.definitions.catalog(open);
  }

  /**
   * The client said `initialized`: the lint thread starts, then the handlers' own start-up
   * runs. (The connection takes one handler per notification, hence this list.)
   */
  initialized(): void {
    this.pool = new LintPool({
      entry: this.workerEntry,
      cwd: this.cwd,
      roots: this.roots,
      settings: this.lintSettings(),
      abandonAbove: ABANDON_ABOVE_CHARS,
      log: (m) => this.log(m),
      onConfigFileRefused: (refusal) => {
        for (const listener of this.refusalListeners) listener(refusal);
      },
    });
    for (const listener of this.readyListeners) listener();
  }

  onInitialized(listener: () => void): void {
    this.readyListeners.push(listener);
  }

  get enabled(): boolean {
    return this.settings.enable !== false;
  }

  lintSettings(): LintSettings {
    return { configFile: this.settings.configFile, rules: this.settings.rules ?? {} };
  }

  /** The path a document is linted as; undefined for schemes that have none. */
  pathOf(uri: string): string | undefined {
    if (uri.startsWith('file:')) return fileURLToPath(uri);
    // Unsaved buffers are linted as if they were in the workspace root (configuration lookup).
    if (uri.startsWith('untitled:')) return join(this.cwd, `${basename(uri.slice('untitled:'.length)) || 'untitled'}.yaml`);
    return undefined;
  }

  log(message: string): void {
    this.connection.console.log(message);
  }

  /** A notification, not window/showMessageRequest: nothing to answer, nothing to wait for. */
  tell(type: MessageType, message: string): void {
    void this.connection.sendNotification(ShowMessageNotification.type, { type, message });
  }

  onConfigurationChanged(listener: () => void): void {
    this.configurationListeners.push(listener);
  }

  /** The lint thread could not use the `configFile` setting and lints with the defaults (said at each of its starts and reconfigurations). */
  onConfigFileRefused(listener: (refusal: ConfigFileRefusal) => void): void {
    this.refusalListeners.push(listener);
  }

  onFilesChanged(listener: () => void): void {
    this.filesListeners.push(listener);
  }

  /** Settings or configuration files changed: every resolved configuration is forgotten. */
  configurationChanged(): void {
    this.definitions = this.workspaceDefinitions();
    this.pool?.reconfigure(this.lintSettings());
    for (const listener of this.configurationListeners) listener();
  }

  /** Files of the workspace changed on disk: cross-document rules read them again. */
  filesChanged(): void {
    this.definitions.changed();
    this.pool?.workspaceChanged();
    for (const listener of this.filesListeners) listener();
  }
}
