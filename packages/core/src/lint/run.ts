import type { Config, RuleSetting } from '../config/config.js';
import { ConfigResolver, IgnoreFilter, unknownRuleMessage } from '../config/config.js';
import { declarationsOf } from '../config/api-server-configs.js';
import type { Catalog } from '../kinds/catalog.js';
import { catalog as defaultCatalog } from '../kinds/catalog.js';
import type { LintObject, Rule } from '../rules/rule.js';
import { detachedFromText } from '../source/json-value.js';
import { SourceFile, type SourceOptions } from '../source/source-file.js';
import { findManifestFiles, type DirectoryListings, type FindOptions } from './find-files.js';
import { withDigest } from './fix-loop.js';
import type { FileResult } from './linter.js';
import { lintSources } from './linter.js';
import { readSource } from './read-source.js';
import { collectObjects, isPlacedOnRecognition } from './recognise-documents.js';
import { RunIndex, compareRunOrder } from './run-index.js';
import { RunShare } from './run-share.js';
import { catalogWith, type CustomKindConflictError, type DefinitionSource } from '../custom-resources/sources.js';
import type { ReadFiles } from './read-files.js';
import { FileRoles, holdsWholeObjects, type FileRole } from './file-roles.js';

/**
 * A lint run, the way every door asks for one (ESLint's `ESLint` class is the model; the
 * `lintSources` function of linter.ts is its `Linter`): which files, which configuration with
 * which overrides, the objects cross-document rules read (the fix loop is fix-loop.ts). Doors
 * make one with `createLintEngine` (@platlint/rules) and keep their argument parsing or
 * protocol and nothing else.
 */
export interface LintEngineOptions {
  /** Where configuration lookup and relative paths start. */
  cwd: string;
  rules: readonly Rule[];
  /** The ids configuration and overrides may name (rule modules and the engine's own findings). */
  knownRuleIds: ReadonlySet<string>;
  /** A configuration file to use instead of the nearest platlint.config.yaml. */
  configFile?: string | undefined;
  /** One configuration for every file, looked up nowhere (the webhook judges as the server does, whatever a repository says). */
  config?: Config | undefined;
  /** Severities laid over every configuration's rules (`--rule`, the editor's settings). */
  ruleOverrides?: Readonly<Record<string, RuleSetting>>;
  catalog?: Catalog;
  /** CustomResourceDefinitions whose kinds the run checks (added to the catalog; throws CustomKindConflictError unless `onDefinitionConflict` takes it). */
  definitions?: readonly DefinitionSource[];
  onDefinitionConflict?: (conflict: CustomKindConflictError) => void;
  /** Filled by the walk of `findFiles`, and asked by the file roles before the disk (find-files.ts); a run's own, not kept past `reconfigure`. */
  listings?: DirectoryListings | undefined;
  /** The paths the run was given: the trees outside `cwd` whose kustomizations the file roles read (file-roles.ts). */
  roots?: readonly string[] | undefined;
}

/** An override names a rule that does not exist. */
export class UnknownRuleError extends Error {
  constructor(
    readonly ruleId: string,
    knownRuleIds: ReadonlySet<string>,
  ) {
    super(unknownRuleMessage(ruleId, knownRuleIds));
  }
}

/** A file's findings, with the fingerprint of the linted text when some finding has a fix. */
export interface LintedFile extends FileResult {
  linted?: string;
}

/** A file's findings with its index entries, and whether a cross-document rule checked it (what `--cache` keeps). */
export type IndexedResult = LintedFile & { index?: PortableEntry[]; needsIndex?: boolean };

/** How a share of a run goes. */
export interface ShareOptions {
  onProgress?: ((read: number) => void) | undefined;
  /** Return each file's index entries with its findings (for a cache). */
  keepIndex?: boolean | undefined;
  /** Files the run has read already (gathering its CustomResourceDefinitions): taken rather than read again. */
  read?: ReadFiles | undefined;
}

/**
 * The part of the run that cross-document rules read: the objects of the kinds they declare
 * in `meta.crossDocument`, each with its file, document and path. It is all a run keeps of a
 * file once the file is linted; syntax trees are not kept.
 */
export type CrossDocumentIndex = readonly LintObject[];

/** An index entry in a form that crosses thread boundaries (its kind by name, not by reference). */
export interface PortableEntry {
  file: string;
  document: number;
  prefix: (string | number)[];
  apiVersion: string;
  kind: string;
  value: Record<string, unknown>;
}

export class LintEngine {
  readonly catalog: Catalog;
  /** Group-kinds some rule reads from other documents. */
  private readonly indexedKinds: ReadonlySet<string>;
  /** Group-kinds some cross-document rule checks ('*' when one checks every kind): files holding them wait for the whole index. */
  private readonly indexReaders: ReadonlySet<string>;
  private readonly crossDocumentRules: ReadonlySet<Rule>;
  private resolver: ConfigResolver;
  private ignore: IgnoreFilter;
  private readonly merged = new Map<Config, Config>();
  private fileRoles: FileRoles;
  /** How the engine's runs read files: documents it will place a finding on whatever they hold keep their trees. */
  readonly sourceOptions: SourceOptions = { keepTreeOf: (value) => isPlacedOnRecognition(value, this.catalog) };
  private readonly textOnly: SourceOptions = { ...this.sourceOptions, textOnly: true };

  constructor(private readonly options: LintEngineOptions) {
    for (const id of Object.keys(options.ruleOverrides ?? {}))
      if (!options.knownRuleIds.has(id)) throw new UnknownRuleError(id, options.knownRuleIds);
    this.catalog = catalogWith(options.catalog ?? defaultCatalog, options.definitions ?? [], options.onDefinitionConflict);
    const crossDocumentRules = options.rules.filter((r) => r.meta.crossDocument?.length);
    this.crossDocumentRules = new Set(crossDocumentRules);
    this.indexedKinds = new Set(crossDocumentRules.flatMap((r) => r.meta.crossDocument ?? []));
    this.indexReaders = new Set(crossDocumentRules.flatMap((r) => (r.meta.kinds === '*' ? ['*'] : r.meta.kinds)));
    this.resolver = new ConfigResolver(options.knownRuleIds, {
      configFile: options.configFile,
      cwd: options.cwd,
      exists: options.listings?.exists,
    });
    this.ignore = new IgnoreFilter(options.cwd);
    this.fileRoles = new FileRoles(options.cwd, options.listings, options.roots);
  }

  /** Configuration files changed: forget every resolved configuration. */
  reconfigure(): void {
    this.resolver = new ConfigResolver(this.options.knownRuleIds, { configFile: this.options.configFile, cwd: this.options.cwd });
    this.ignore = new IgnoreFilter(this.options.cwd);
    this.merged.clear();
    this.fileRoles = new FileRoles(this.options.cwd, undefined, this.options.roots);
  }

  /** What the file is to kustomize or Helm when it is no manifest as it stands (file-roles.ts), its paths from the working directory. */
  roleOf(path: string): FileRole | undefined {
    return this.fileRoles.roleOf(path);
  }

  /** How to read the file at `path`: a Helm chart's file keeps nothing of its reading (applyRole), so its text alone is read. */
  sourceOptionsFor(path: string): SourceOptions {
    return this.roleOf(path)?.tool === 'helm' ? this.textOnly : this.sourceOptions;
  }

  /** The configuration of a file with the overrides laid over it (one object per configuration). Throws ConfigError. */
  configFor(path: string): Config {
    const base = this.options.config ?? this.resolver.forFile(path);
    const overrides = this.options.ruleOverrides ?? {};
    if (Object.keys(overrides).length === 0) return base;
    let config = this.merged.get(base);
    if (!config) {
      config = { ...base, rules: { ...base.rules, ...overrides } };
      this.merged.set(base, config);
    }
    return config;
  }

  /** True when the file's configuration declares it as an API server configuration (`apiServerConfigs`). Throws ConfigError. */
  isDeclaredConfig(path: string): boolean {
    return declarationsOf(this.configFor(path), path, this.options.cwd).length > 0;
  }

  /** True when the configuration (`ignores`, .platlintignore) leaves the file out. */
  isIgnored(path: string): boolean {
    return this.ignore.ignored(path, this.configFor(path));
  }

  /** The files a run over these paths, directories and globs reads, ignored ones left out. */
  async findFiles(paths: readonly string[], options: FindOptions = {}): Promise<string[]> {
    const found = await findManifestFiles(paths, this.options.cwd, { listings: this.options.listings, ...options });
    return found.filter((p) => !this.isIgnored(p));
  }

  /**
   * What a file is to the cross-document rules, from one recognition of its objects: its index
   * `entries` (the objects those rules read, kept apart from the file's text), and whether it
   * `needsIndex` (some cross-document rule checks one of its objects, so it waits for the whole index).
   */
  crossDocumentRole(source: SourceFile): { entries: LintObject[]; needsIndex: boolean } {
    if (this.indexedKinds.size === 0 && this.indexReaders.size === 0) return { entries: [], needsIndex: false };
    // A patch's objects are partial, a template's are not made yet: no rule reads or checks them.
    if (!holdsWholeObjects(this.roleOf(source.path))) return { entries: [], needsIndex: false };
    const objects = collectObjects(source, this.catalog);
    const entries = objects
      .filter((o) => this.indexedKinds.has(o.kind.groupKind))
      .map((o) => ({ ...o, value: detachedFromText(o.value) }));
    return { entries, needsIndex: this.indexReaders.has('*') || objects.some((o) => this.indexReaders.has(o.kind.groupKind)) };
  }

  /**
   * Lints one file against the index of the run; the entries of the file itself are taken
   * from the file. A caller linting many files builds the RunIndex once and passes it:
   * an array is indexed on every call.
   */
  lintSource(
    source: SourceFile,
    index: RunIndex | CrossDocumentIndex = [],
    options: { inlineSuppressions?: boolean; deferCrossDocument?: boolean } = {},
  ): LintedFile & Pick<FileResult, 'deferred'> {
    const deferRules = options.deferCrossDocument ? this.crossDocumentRules : undefined;
    const [result] = lintSources({
      files: [source],
      rules: this.options.rules,
      configFor: (f) => this.configFor(f.path),
      // A requester's object (its comments switch nothing off) is no file of the repository: no kustomize or Helm file.
      roleOf: options.inlineSuppressions === false ? undefined : (f) => this.roleOf(f.path),
      cwd: this.options.cwd,
      catalog: this.catalog,
      index: asIndex(index),
      inlineSuppressions: options.inlineSuppressions,
      deferRules,
    });
    return withDigest(result as FileResult, source);
  }

  /** Lints a text (an editor buffer) as the file at `path` would be linted. */
  lintText(path: string, text: string, index: CrossDocumentIndex = []): LintedFile {
    // Bytes, as files are read: the same decoding and size limit apply.
    return this.lintSource(SourceFile.fromBytes(path, Buffer.from(text, 'utf8')), index);
  }

  /**
   * Lints a decoded value (an admission request's object) with no YAML text in between.
   * Its comments are not the repository's, so they switch nothing off.
   */
  lintValue(name: string, value: unknown, index: CrossDocumentIndex = []): LintedFile {
    return this.lintSource(SourceFile.fromValue(name, value), index, { inlineSuppressions: false });
  }

  /**
   * Lints files with their stored versions (`--old`). Pairing a renamed object with the only
   * stored object of its kind needs every new object in view, so this run keeps every file.
   */
  lintWithOld(paths: readonly string[], oldPaths: readonly string[]): LintedFile[] {
    const sources = paths.map((p) => readSource(p, this.sourceOptionsFor(p)));
    const oldObjects = oldPaths.flatMap((p) => collectObjects(readSource(p), this.catalog));
    const results = lintSources({
      files: sources,
      rules: this.options.rules,
      configFor: (f) => this.configFor(f.path),
      roleOf: (f) => this.roleOf(f.path),
      cwd: this.options.cwd,
      catalog: this.catalog,
      oldObjects,
    });
    return results.map((r, i) => withDigest(r, sources[i] as SourceFile));
  }

  /** Starts a share of a run: see RunShare. `paths` may be a queue the share draws from as it goes. */
  share(paths: Iterable<string>, options: ShareOptions = {}): RunShare {
    return RunShare.read(this, paths, options);
  }

  /** Lints files on this thread, holding one syntax tree at a time (`paths` may be drawn as it goes, as `share`'s); `storedIndex` adds entries of files not in the run (a cache's). */
  lintPaths(paths: Iterable<string>, options: ShareOptions = {}, storedIndex: readonly PortableEntry[] = []): IndexedResult[] {
    const share = this.share(paths, options);
    return share.finish([...share.index, ...this.fromPortable(storedIndex)]);
  }

  toPortable(index: CrossDocumentIndex): PortableEntry[] {
    return index.map((o) => ({
      file: o.file,
      document: o.document,
      prefix: [...o.prefix],
      apiVersion: o.kind.apiVersion,
      kind: o.kind.kind,
      value: o.value,
    }));
  }

  fromPortable(entries: readonly PortableEntry[]): LintObject[] {
    return entries.flatMap((o) => {
      const match = this.catalog.lookup(o.apiVersion, o.kind);
      return match ? [{ file: o.file, document: o.document, prefix: o.prefix, kind: match.info, value: o.value }] : [];
    });
  }
}

/**
 * The index in run order: by file path, then as each file holds its objects. A rule that
 * names "the first" of several objects (the first member of a cycle) then names the same one
 * whether the run is linted whole, file by file, on several threads or in an editor.
 */
export function orderIndex(index: CrossDocumentIndex): LintObject[] {
  return [...index].sort(compareRunOrder);
}

function asIndex(index: RunIndex | CrossDocumentIndex): RunIndex {
  return index instanceof RunIndex ? index : new RunIndex(index);
}
