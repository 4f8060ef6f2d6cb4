import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CONFIG_FILE, ConfigError, ConfigResolver, IgnoreFilter, SourceFile, collectObjects, holdsManifest, lintFiles } from '@platlint/core';
import type { Config, ConfigProblem, Diagnostic, LintObject, RuleSetting } from '@platlint/core';
import { crossDocumentKinds, knownRuleIds, rules } from '@platlint/rules';

/** What the editor's settings add to the configuration files (the CLI's `--config` and `--rule`). */
export interface LintSettings {
  /** A configuration file to use instead of the nearest platlint.config.yaml (relative to the root). */
  configFile?: string | undefined;
  /** Severities laid over every configuration's rules. */
  rules?: Record<string, RuleSetting>;
}

export type LintOutcome =
  /** The file holds no kind platlint knows, or the configuration ignores it: nothing to say. */
  | { type: 'skipped' }
  | { type: 'linted'; diagnostics: Diagnostic[]; documents: number }
  /** The configuration that applies cannot be read: the CLI stops here too. */
  | { type: 'config-error'; error: { file: string; line: number; column: number; reason: string; message: string; problems: readonly ConfigProblem[] } };

const YAML_FILE = /\.ya?ml$/i;
/** Workspace files are read for their objects only up to these limits, so a huge tree cannot stall start-up. */
export const MAX_WORKSPACE_FILES = 5000;
const MAX_WORKSPACE_FILE_BYTES = 2 * 1024 * 1024;

// `kind: X` anywhere (List items are indented): cheap enough to decide which texts to parse for
// the objects cross-document rules read.
const KIND_LINE = /^[ \t-]*kind:[ \t]*["']?([A-Za-z][A-Za-z0-9]*)/gm;

const crossDocumentNames = new Set([...crossDocumentKinds].map((k) => k.split('.')[0] as string));

function mentionsCrossDocumentKind(text: string): boolean {
  for (const match of text.matchAll(KIND_LINE)) if (crossDocumentNames.has(match[1] as string)) return true;
  return false;
}

/**
 * Lints editor buffers the way `platlint lint` lints files: the same reader, configuration
 * lookup, rules and suppressions. Every file is linted with the objects that cross-document
 * rules read from the other open buffers and the workspace's YAML files, as `platlint lint .`
 * over the workspace would see them. Runs on the lint worker thread.
 */
export class LintSession {
  private resolver: ConfigResolver | undefined;
  private ignore: IgnoreFilter;
  private readonly merged = new Map<Config, Config>();
  private readonly open = new Map<string, string>();
  private readonly sharedCache = new Map<string, { text: string; objects: LintObject[] }>();
  private workspace: Map<string, LintObject[]> | undefined;

  constructor(
    private readonly cwd: string,
    private settings: LintSettings = {},
    private readonly roots: readonly string[] = [],
  ) {
    this.ignore = new IgnoreFilter(cwd);
  }

  /** Settings or configuration files changed: forget every resolved configuration. */
  reconfigure(settings: LintSettings = this.settings): void {
    this.settings = settings;
    this.resolver = undefined;
    this.merged.clear();
    this.ignore = new IgnoreFilter(this.cwd);
  }

  /** Files of the workspace changed on disk: read their objects again when next needed. */
  workspaceChanged(): void {
    this.workspace = undefined;
  }

  setOpen(path: string, text: string): void {
    this.open.set(path, text);
  }

  close(path: string): void {
    this.open.delete(path);
    this.sharedCache.delete(path);
  }

  /** Lints an editor buffer, which cross-document rules then read in place of the file on disk. */
  lint(path: string, text: string): LintOutcome {
    this.open.set(path, text);
    return this.lintText(path, text);
  }

  /** Lints a file's text as it is on disk, without taking it for an open buffer (workspace diagnostics). */
  lintText(path: string, text: string): LintOutcome {
    // Bytes, as the CLI reads files: the same decoding and size limit apply.
    const source = SourceFile.fromBytes(path, Buffer.from(text, 'utf8'));
    // YAML that is not a manifest (a workflow, a compose file) draws nothing in the editor.
    if (!holdsManifest(source)) return { type: 'skipped' };
    let config: Config;
    try {
      config = this.configFor(path);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      return { type: 'config-error', error: { file: error.file, line: error.line, column: error.column, reason: error.reason, message: error.message, problems: error.problems } };
    }
    if (this.ignore.ignored(path, config)) return { type: 'skipped' };
    const otherObjects = crossDocumentKinds.size > 0 ? this.otherObjects(path) : [];
    const [result] = lintFiles({ files: [source], rules, configFor: () => config, otherObjects });
    const diagnostics = result?.diagnostics ?? [];
    // A file of kinds platlint does not check (a Service, a custom resource) draws nothing in the editor.
    if (diagnostics.every((d) => d.ruleId === 'document/unknown-kind') && collectObjects(source).length === 0) return { type: 'skipped' };
    return { type: 'linted', diagnostics, documents: result?.documents ?? 0 };
  }

  /** The configuration of a file, with the editor's rule settings laid over it (cached per configuration). */
  configFor(path: string): Config {
    this.resolver ??= new ConfigResolver(knownRuleIds, { configFile: this.settings.configFile || undefined, cwd: this.cwd });
    const base = this.resolver.forFile(path);
    const overrides = this.settings.rules ?? {};
    if (Object.keys(overrides).length === 0) return base;
    let config = this.merged.get(base);
    if (!config) {
      config = { ...base, rules: { ...base.rules, ...overrides } };
      this.merged.set(base, config);
    }
    return config;
  }

  private otherObjects(path: string): LintObject[] {
    const out: LintObject[] = [];
    for (const [other, text] of this.open) if (other !== path) out.push(...this.sharedOf(other, text));
    for (const [file, objects] of this.workspaceObjects()) if (file !== path && !this.open.has(file)) out.push(...objects);
    return out;
  }

  private sharedOf(path: string, text: string): LintObject[] {
    const cached = this.sharedCache.get(path);
    if (cached?.text === text) return cached.objects;
    const objects = mentionsCrossDocumentKind(text) && !this.isIgnored(path) ? crossDocumentObjects(SourceFile.fromBytes(path, Buffer.from(text, 'utf8'))) : [];
    this.sharedCache.set(path, { text, objects });
    return objects;
  }

  private isIgnored(path: string): boolean {
    try {
      return this.ignore.ignored(path, this.configFor(path));
    } catch {
      return false;
    }
  }

  /** Objects that cross-document rules read, from the workspace's YAML files on disk. */
  private workspaceObjects(): Map<string, LintObject[]> {
    if (this.workspace) return this.workspace;
    this.workspace = new Map();
    for (const file of listYamlFiles(this.roots, MAX_WORKSPACE_FILES)) {
      let text: string;
      try {
        if (statSync(file).size > MAX_WORKSPACE_FILE_BYTES) continue;
        text = readFileSync(file, 'utf8');
      } catch {
        continue;
      }
      if (!mentionsCrossDocumentKind(text) || this.isIgnored(file)) continue;
      const objects = crossDocumentObjects(SourceFile.fromText(file, text));
      if (objects.length) this.workspace.set(file, objects);
    }
    return this.workspace;
  }
}

function crossDocumentObjects(source: SourceFile): LintObject[] {
  return collectObjects(source).filter((o) => crossDocumentKinds.has(o.kind.groupKind));
}

/**
 * The YAML files `platlint lint DIR` would read under each root: `*.yaml`/`*.yml`, not in
 * node_modules or hidden directories, not the configuration file. At most `limit` files.
 */
export function listYamlFiles(roots: readonly string[], limit: number): string[] {
  const out: string[] = [];
  const visit = (dir: string): void => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (out.length >= limit) return;
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.isFile() && YAML_FILE.test(entry.name) && entry.name !== CONFIG_FILE) out.push(full);
    }
  };
  for (const root of roots) visit(resolve(root));
  return out;
}
