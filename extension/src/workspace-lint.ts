import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import * as vscode from 'vscode';
import type * as CoreConfig from '../../packages/core/src/config/config.js';
import { LintWorkerClient } from './lint-worker-client.js';
import type { LintOutcome } from './lint-worker-client.js';
import type { PlatlintSettings } from './settings.js';

// The engine's file names, typed by its own constants so that a rename there breaks this build.
export const CONFIG_FILE: typeof CoreConfig.CONFIG_FILE = 'platlint.config.yaml';
export const IGNORE_FILE: typeof CoreConfig.IGNORE_FILE = '.platlintignore';

/** The files `platlint lint DIR` reads: YAML files, not under node_modules or a hidden directory. */
const YAML_GLOB = '**/*.{yaml,yml}';
const EXCLUDED = '{**/node_modules/**,**/.*/**}';
/** The server reads at most this many workspace files for cross-document objects; we lint as many. */
const MAX_FILES = 5000;
/** A lint thread with nothing to do for this long is stopped, to give its memory back. */
const IDLE_MS = 60_000;

// A function, not a table: the module must load without reading the API.
function severityOf(severity: string): vscode.DiagnosticSeverity {
  if (severity === 'warning') return vscode.DiagnosticSeverity.Warning;
  if (severity === 'info') return vscode.DiagnosticSeverity.Information;
  return vscode.DiagnosticSeverity.Error;
}

export interface WorkspaceLintSummary {
  files: number;
  linted: number;
  problems: number;
  truncated: boolean;
}

/** True for the files the workspace lint reads (YAML_GLOB less EXCLUDED, in a workspace folder). */
function inScope(uri: vscode.Uri): boolean {
  if (uri.scheme !== 'file' || !vscode.workspace.getWorkspaceFolder(uri)) return false;
  const relative = vscode.workspace.asRelativePath(uri, false);
  return /\.ya?ml$/i.test(relative) && basename(relative) !== CONFIG_FILE && !/(^|\/)(node_modules|\.[^/]*)\//.test(relative);
}

/** True for the documents the language client hands to the server (see the document selector). */
export function servedByLanguageServer(doc: vscode.TextDocument): boolean {
  return doc.languageId === 'yaml' && (doc.uri.scheme === 'file' || doc.uri.scheme === 'untitled');
}

/**
 * `platlint.lintWorkspace`: problems of the workspace files that no editor has open, in a
 * diagnostic collection of their own. Open files are the language server's: an entry here is
 * dropped when its file opens, and the file is linted again from disk when it closes, so each
 * file's problems are shown once and stay current once the workspace has been linted.
 */
export class WorkspaceLinter implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('platlint-workspace');
  private worker: LintWorkerClient | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private busy = 0;
  /** Set by the first workspace lint: from then on closed files are kept current. */
  private active = false;
  /** Bumped by each workspace lint, so that a run started earlier stops where it is. */
  private generation = 0;
  private readonly disposables: vscode.Disposable[] = [this.collection];

  constructor(
    private readonly serverModule: string,
    private readonly settings: () => PlatlintSettings,
    private readonly log: (message: string) => void,
  ) {
    this.disposables.push(
      vscode.workspace.onDidOpenTextDocument((doc) => {
        if (servedByLanguageServer(doc)) this.collection.delete(doc.uri);
      }),
      vscode.workspace.onDidCloseTextDocument((doc) => {
        if (this.active && servedByLanguageServer(doc) && inScope(doc.uri)) void this.lintFromDisk(doc.uri);
      }),
    );
    const watcher = vscode.workspace.createFileSystemWatcher(YAML_GLOB);
    const ignoreWatcher = vscode.workspace.createFileSystemWatcher(`**/${IGNORE_FILE}`);
    const onDiskChange = (uri: vscode.Uri): void => {
      if (!this.active) return;
      if (basename(uri.fsPath) === CONFIG_FILE || basename(uri.fsPath) === IGNORE_FILE) {
        this.reconfigure();
        return;
      }
      // Other files' cross-document rules may read this one: the thread reads the workspace again.
      this.worker?.workspaceChanged();
      if (inScope(uri) && !this.isOpen(uri)) void this.lintFromDisk(uri);
    };
    this.disposables.push(
      watcher,
      ignoreWatcher,
      watcher.onDidChange(onDiskChange),
      watcher.onDidCreate(onDiskChange),
      watcher.onDidDelete((uri) => {
        this.collection.delete(uri);
        if (this.active) this.worker?.workspaceChanged();
      }),
      ignoreWatcher.onDidChange(onDiskChange),
      ignoreWatcher.onDidCreate(onDiskChange),
      ignoreWatcher.onDidDelete(onDiskChange),
    );
  }

  /** Lints every YAML file of the workspace that is not open; open ones are the server's. */
  async lintWorkspace(progress: vscode.Progress<{ message?: string; increment?: number }>, token: vscode.CancellationToken): Promise<WorkspaceLintSummary> {
    this.active = true;
    const generation = ++this.generation;
    const found = await vscode.workspace.findFiles(YAML_GLOB, EXCLUDED, MAX_FILES + 1, token);
    const files = found.filter((uri) => uri.scheme === 'file' && basename(uri.fsPath) !== CONFIG_FILE).sort((a, b) => a.fsPath.localeCompare(b.fsPath));
    const truncated = files.length > MAX_FILES;
    files.length = Math.min(files.length, MAX_FILES);

    const worker = this.lease();
    try {
      // Unsaved buffers are what cross-document rules should see, as in the server.
      for (const doc of vscode.workspace.textDocuments) if (servedByLanguageServer(doc) && doc.uri.scheme === 'file') worker.setOpen(doc.uri.fsPath, doc.getText());
      const seen = new Set(files.map((uri) => uri.toString()));
      const gone = [...this.collection].map(([uri]) => uri).filter((uri) => !seen.has(uri.toString()));
      for (const uri of gone) this.collection.delete(uri);

      let linted = 0;
      let problems = 0;
      for (const [i, uri] of files.entries()) {
        if (token.isCancellationRequested || generation !== this.generation) break;
        progress.report({ message: `${i + 1}/${files.length} ${vscode.workspace.asRelativePath(uri)}`, increment: 100 / files.length });
        if (this.isOpen(uri)) continue;
        const count = await this.lintOne(worker, uri);
        if (count !== undefined) {
          linted++;
          problems += count;
        }
      }
      return { files: files.length, linted, problems, truncated };
    } finally {
      this.release();
    }
  }

  /** Settings or configuration files changed: the workspace is linted again if it was. */
  reconfigure(): void {
    if (this.worker) this.worker.reconfigure(lintSettingsOf(this.settings()));
    if (this.active) {
      void vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: 'platlint' }, (progress, token) => this.lintWorkspace(progress, token)).then(undefined, (error: unknown) => this.log(`platlint: linting the workspace again failed: ${String(error)}`));
    }
  }

  /** The extension is being turned off: forget everything shown. */
  clear(): void {
    this.active = false;
    this.generation++;
    this.collection.clear();
    void this.stopWorker();
  }

  dispose(): void {
    clearTimeout(this.idleTimer);
    void this.stopWorker();
    for (const d of this.disposables) d.dispose();
  }

  private isOpen(uri: vscode.Uri): boolean {
    const key = uri.toString();
    return vscode.workspace.textDocuments.some((doc) => servedByLanguageServer(doc) && doc.uri.toString() === key);
  }

  private async lintFromDisk(uri: vscode.Uri): Promise<void> {
    const worker = this.lease();
    try {
      worker.close(uri.fsPath);
      if (!this.isOpen(uri)) await this.lintOne(worker, uri);
    } finally {
      this.release();
    }
  }

  /** Lints one file into the collection; returns its problem count, or undefined when skipped. */
  private async lintOne(worker: LintWorkerClient, uri: vscode.Uri): Promise<number | undefined> {
    let text: string;
    try {
      text = await readFile(uri.fsPath, 'utf8');
    } catch {
      this.collection.delete(uri);
      return undefined;
    }
    let outcome: LintOutcome;
    try {
      outcome = await worker.lint(uri.fsPath, text);
    } catch (error) {
      this.log(`platlint: linting ${uri.fsPath} failed: ${error instanceof Error ? error.message : String(error)}`);
      this.collection.delete(uri);
      return undefined;
    }
    // The file may have been opened while it was linted (the server's diagnostics count then),
    // or platlint turned off.
    if (!this.active || this.isOpen(uri)) return undefined;
    const diagnostics = diagnosticsOf(outcome);
    if (diagnostics === undefined) {
      this.collection.delete(uri);
      return undefined;
    }
    this.collection.set(uri, diagnostics);
    return diagnostics.length;
  }

  /** The lint thread, started on first use and stopped after a minute without work. */
  private lease(): LintWorkerClient {
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    this.busy++;
    if (!this.worker?.alive) {
      const folders = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
      // The same working directory and roots as the server's session (its first folder).
      this.worker = new LintWorkerClient(this.serverModule, { cwd: folders[0] ?? process.cwd(), roots: folders, settings: lintSettingsOf(this.settings()) });
    }
    return this.worker;
  }

  private release(): void {
    this.busy--;
    if (this.busy > 0) return;
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => void this.stopWorker(), IDLE_MS);
  }

  private async stopWorker(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.dispose();
  }
}

function lintSettingsOf(settings: PlatlintSettings): { configFile: string | undefined; rules: PlatlintSettings['rules'] } {
  return { configFile: settings.configFile || undefined, rules: settings.rules };
}

/** The server's conversion (packages/language-server/src/lsp-diagnostics.ts), to VS Code's types. */
function diagnosticsOf(outcome: LintOutcome): vscode.Diagnostic[] | undefined {
  if (outcome.type === 'skipped') return undefined;
  if (outcome.type === 'config-error') {
    const { file, line, column, reason } = outcome.error;
    const d = new vscode.Diagnostic(new vscode.Range(0, 0, 0, 0), `not linted: the configuration ${file} is invalid (line ${line}, column ${column}: ${reason})`, vscode.DiagnosticSeverity.Error);
    d.source = 'platlint';
    d.code = 'config/invalid';
    return [d];
  }
  return outcome.diagnostics.map((p) => {
    const range = new vscode.Range(p.range.start.line - 1, p.range.start.column - 1, p.range.end.line - 1, p.range.end.column - 1);
    const d = new vscode.Diagnostic(range, p.message, severityOf(p.severity));
    d.source = 'platlint';
    d.code = p.ruleId;
    return d;
  });
}
