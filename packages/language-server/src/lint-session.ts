import {
  ConfigError,
  defaultConfig,
  readBoundedFileSync,
  SourceFile,
  collectObjects,
  holdsManifest,
  listManifestFiles,
  nextFile,
  orderIndex,
} from '@platlint/core';
import type { Config, ConfigProblem, DefinitionSource, Diagnostic, LintEngine, LintObject, RuleSetting } from '@platlint/core';
import { createLintEngine, crossDocumentKinds, knownRuleIds } from '@platlint/rules';
import { MAX_WORKSPACE_FILE_BYTES, MAX_WORKSPACE_FILES, WorkspaceDefinitions } from './workspace-definitions.js';

/** What the editor's settings add to the configuration files (the CLI's `--config` and `--rule`). */
export interface LintSettings {
  /** A configuration file to use instead of the nearest platlint.config.yaml (relative to the root). */
  configFile?: string | undefined;
  /** Severities laid over every configuration's rules. */
  rules?: Record<string, RuleSetting>;
}

/** The `configFile` setting names a file that cannot be used: the session lints with the default configuration. */
export interface ConfigFileRefusal {
  /** The setting's value, as the editor gave it. */
  configFile: string;
  /** How many problems the file has, and the first: `file:line:column: reason` (never the file's text, see core's loadConfigFile). */
  problems: number;
  first: string;
}

export type LintOutcome =
  /** The file holds no kind platlint knows, or the configuration ignores it: nothing to say. */
  | { type: 'skipped' }
  | { type: 'linted'; diagnostics: Diagnostic[]; documents: number }
  /** The configuration that applies cannot be read: the CLI stops here too. */
  | {
      type: 'config-error';
      error: { file: string; line: number; column: number; reason: string; message: string; problems: readonly ConfigProblem[] };
    };

// `kind: X` anywhere (List items are indented): cheap enough to decide which texts to parse for
// the objects cross-document rules read.
const KIND_LINE = /^[ \t-]*kind:[ \t]*["']?([A-Za-z][A-Za-z0-9]*)/gm;

const crossDocumentNames = new Set([...crossDocumentKinds].map((k) => k.split('.')[0] as string));

function mentionsCrossDocumentKind(text: string): boolean {
  for (const match of text.matchAll(KIND_LINE)) if (crossDocumentNames.has(match[1] as string)) return true;
  return false;
}

/**
 * Lints editor buffers the way `platlint lint` lints files, through the same core run API
 * (configuration lookup with overrides, rules, suppressions). Every file is linted with the
 * cross-document index of the other open buffers and the workspace's manifest files, as
 * `platlint lint .` over the workspace would see them. Runs on the lint worker thread.
 */
export class LintSession {
  private engine: LintEngine;
  private readonly open = new Map<string, string>();
  private readonly indexCache = new Map<string, { text: string; entries: LintObject[] }>();
  private workspace: Map<string, LintObject[]> | undefined;
  /** Why the `configFile` setting is not used, when it is not. */
  configFileRefusal: ConfigFileRefusal | undefined;
  private readonly definitions: WorkspaceDefinitions;
  /** The digest of the definitions the engine was made with. */
  private definitionsDigest = '';

  constructor(
    private readonly cwd: string,
    private settings: LintSettings = {},
    private readonly roots: readonly string[] = [],
  ) {
    this.engine = this.makeEngine();
    this.definitions = new WorkspaceDefinitions(cwd, roots, (path) => this.engine.configFor(path));
  }

  /** Settings or configuration files changed: forget every resolved configuration. */
  reconfigure(settings: LintSettings = this.settings): void {
    this.settings = settings;
    this.definitions.changed();
    this.definitionsDigest = '';
    this.engine = this.makeEngine();
  }

  private makeEngine(definitions: readonly DefinitionSource[] = []): LintEngine {
    // An editor setting naming a rule that does not exist is left out rather than stopping every
    // lint; the main thread tells the user (handlers/configuration.ts).
    const ruleOverrides = Object.fromEntries(Object.entries(this.settings.rules ?? {}).filter(([id]) => knownRuleIds.has(id)));
    // Two definitions of one kind: the first (an open buffer before the disk) is kept, and linting goes on.
    const options = { cwd: this.cwd, ruleOverrides, definitions, onDefinitionConflict: () => undefined };
    const configFile = this.settings.configFile || undefined;
    this.configFileRefusal = undefined;
    if (!configFile) return createLintEngine(options);
    try {
      return createLintEngine({ ...options, configFile });
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      // The CLI stops at a bad --config; an editor keeps linting, with the defaults rather than a
      // guess at what the file meant, and the main thread says once why (handlers/configuration.ts).
      this.configFileRefusal = {
        configFile,
        problems: error.problems.length,
        first: `${error.file}:${error.line}:${error.column}: ${error.reason}`,
      };
      return createLintEngine({ ...options, config: defaultConfig(this.cwd) });
    }
  }

  /** Files of the workspace changed on disk: read their index entries and definitions again when next needed. */
  workspaceChanged(): void {
    this.workspace = undefined;
    this.definitions.changed();
  }

  /** Custom resources are linted against the workspace's definitions: the engine is made again when they change. */
  private useCurrentDefinitions(): void {
    const definitions = this.definitions.current(this.open);
    const digest = this.definitions.digestOf(definitions);
    if (digest === this.definitionsDigest) return;
    this.definitionsDigest = digest;
    this.engine = this.makeEngine(definitions);
  }

  setOpen(path: string, text: string): void {
    this.open.set(path, text);
  }

  close(path: string): void {
    this.open.delete(path);
    this.indexCache.delete(path);
  }

  /** Lints an editor buffer, which cross-document rules then read in place of the file on disk. */
  lint(path: string, text: string): LintOutcome {
    this.open.set(path, text);
    return this.lintText(path, text);
  }

  /** Lints a file's text as it is on disk, without taking it for an open buffer (workspace diagnostics). */
  lintText(path: string, text: string): LintOutcome {
    // What the memos hold of the last file linted is let go (core's FileMemo says why).
    nextFile();
    this.useCurrentDefinitions();
    // Bytes, as the CLI reads files: the same decoding and size limit apply.
    const source = SourceFile.fromBytes(path, Buffer.from(text, 'utf8'));
    // YAML that is not a manifest (a workflow, a compose file) draws nothing in the editor,
    // unless the configuration declares it as an API server configuration, which it must then be.
    if (!holdsManifest(source) && !this.isDeclaredConfig(path)) return { type: 'skipped' };
    try {
      if (this.engine.isIgnored(path)) return { type: 'skipped' };
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      return {
        type: 'config-error',
        error: {
          file: error.file,
          line: error.line,
          column: error.column,
          reason: error.reason,
          message: error.message,
          problems: error.problems,
        },
      };
    }
    const index = this.engine.crossDocumentRole(source).needsIndex ? this.index(path) : [];
    const result = this.engine.lintSource(source, index);
    // A file of kinds platlint does not check (a Service, a custom resource) draws nothing in the editor.
    if (
      result.diagnostics.every((d) => d.ruleId === 'document/unknown-kind') &&
      collectObjects(source, this.engine.catalog).length === 0
    )
      return { type: 'skipped' };
    return { type: 'linted', diagnostics: result.diagnostics, documents: result.documents };
  }

  /** The configuration of a file, with the editor's rule settings laid over it. */
  configFor(path: string): Config {
    return this.engine.configFor(path);
  }

  /** The cross-document index of everything but `path`: the other open buffers, then the workspace's files that are not open. */
  private index(path: string): LintObject[] {
    const out: LintObject[] = [];
    for (const [other, text] of this.open) if (other !== path) out.push(...this.entriesOf(other, text));
    for (const [file, entries] of this.workspaceIndex()) if (file !== path && !this.open.has(file)) out.push(...entries);
    return orderIndex(out);
  }

  private entriesOf(path: string, text: string): LintObject[] {
    const cached = this.indexCache.get(path);
    if (cached?.text === text) return cached.entries;
    const entries =
      mentionsCrossDocumentKind(text) && !this.isIgnored(path)
        ? this.engine.crossDocumentRole(SourceFile.fromBytes(path, Buffer.from(text, 'utf8'))).entries
        : [];
    this.indexCache.set(path, { text, entries });
    return entries;
  }

  private isDeclaredConfig(path: string): boolean {
    return falseOnError(() => this.engine.isDeclaredConfig(path));
  }

  private isIgnored(path: string): boolean {
    return falseOnError(() => this.engine.isIgnored(path));
  }

  /** Index entries of the workspace's manifest files on disk. */
  private workspaceIndex(): Map<string, LintObject[]> {
    if (this.workspace) return this.workspace;
    this.workspace = new Map();
    for (const file of listManifestFiles(this.roots, MAX_WORKSPACE_FILES)) {
      let text: string;
      try {
        text = readBoundedFileSync(file, MAX_WORKSPACE_FILE_BYTES).toString('utf8');
      } catch {
        // Gone, not a regular file, or too large to index.
        continue;
      }
      if (!mentionsCrossDocumentKind(text) || this.isIgnored(file)) continue;
      const entries = this.engine.crossDocumentRole(SourceFile.fromText(file, text)).entries;
      if (entries.length) this.workspace.set(file, entries);
    }
    return this.workspace;
  }
}

/** A question about a file's configuration, answered no when the configuration is broken (the lint itself reports that). */
function falseOnError(question: () => boolean): boolean {
  try {
    return question();
  } catch {
    return false;
  }
}
