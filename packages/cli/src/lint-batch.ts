import { readFileSync } from 'node:fs';
import { ConfigResolver, SourceFile, catalog, collectObjects, lintFiles } from '@platlint/core';
import type { Config, FileResult, LintObject, RuleSetting } from '@platlint/core';
import { crossDocumentKinds, knownRuleIds, rules } from '@platlint/rules';
import { textDigest } from './fix-writer.js';

/** A file's findings, with the fingerprint of the linted text when some finding has a fix. */
export interface LintedFile extends FileResult {
  linted?: string;
}

export interface BatchOptions {
  cwd: string;
  configFile: string | undefined;
  ruleOverrides: Record<string, RuleSetting>;
  /** Files holding the stored versions of the objects (`--old`), for update rules. */
  oldPaths: readonly string[];
}

/** Configuration lookup with the command line's `--rule` settings laid over each file's. */
export class EffectiveConfigs {
  private readonly resolver: ConfigResolver;
  private readonly merged = new Map<Config, Config>();

  constructor(private readonly options: BatchOptions) {
    this.resolver = new ConfigResolver(knownRuleIds, { configFile: options.configFile, cwd: options.cwd });
  }

  forPath(path: string): Config {
    const base = this.resolver.forFile(path);
    if (Object.keys(this.options.ruleOverrides).length === 0) return base;
    let config = this.merged.get(base);
    if (!config) {
      config = { ...base, rules: { ...base.rules, ...this.options.ruleOverrides } };
      this.merged.set(base, config);
    }
    return config;
  }
}

/** An object in a form that crosses thread boundaries (its kind by name, not by reference). */
export interface SharedObject {
  file: string;
  document: number;
  prefix: (string | number)[];
  apiVersion: string;
  kind: string;
  value: Record<string, unknown>;
}

export function shareObjects(sources: readonly SourceFile[]): SharedObject[] {
  if (crossDocumentKinds.size === 0) return [];
  return sources.flatMap((s) =>
    collectObjects(s)
      .filter((o) => crossDocumentKinds.has(o.kind.groupKind))
      .map((o) => ({ file: o.file, document: o.document, prefix: [...o.prefix], apiVersion: o.kind.apiVersion, kind: o.kind.kind, value: o.value })),
  );
}

export function receiveObjects(shared: readonly SharedObject[]): LintObject[] {
  return shared.flatMap((o) => {
    const match = catalog.lookup(o.apiVersion, o.kind);
    return match ? [{ file: o.file, document: o.document, prefix: o.prefix, kind: match.info, value: o.value }] : [];
  });
}

/** A share of a run: its files read once, linted once the other shares' objects are known. */
export class Batch {
  readonly sources: SourceFile[];
  private readonly configs: EffectiveConfigs;

  constructor(
    paths: readonly string[],
    private readonly options: BatchOptions,
    stdin?: { name: string; bytes: Uint8Array },
    onProgress?: (read: number) => void,
  ) {
    this.configs = new EffectiveConfigs(options);
    this.sources = paths.map((path, i) => {
      if (onProgress && i % 100 === 99) onProgress(i + 1);
      return readSource(path);
    });
    if (stdin) this.sources.push(SourceFile.fromBytes(stdin.name, stdin.bytes));
  }

  lint(otherObjects: readonly LintObject[] = []): LintedFile[] {
    const oldObjects = this.options.oldPaths.flatMap((p) => collectObjects(readSource(p)));
    const results = lintFiles({ files: this.sources, rules, configFor: (file) => this.configs.forPath(file.path), otherObjects, oldObjects });
    // --fix writes only into a file that still holds the text its fixes were computed on.
    return results.map((result, i) => (result.diagnostics.some((d) => d.fix) ? { ...result, linted: textDigest(this.sources[i]?.text ?? '') } : result));
  }
}

/** Reads a file; an unreadable one becomes a finding, not a crash. */
export function readSource(path: string): SourceFile {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'EISDIR' ? 'is a directory' : (error as Error).message;
    return SourceFile.fromText(path, '', { unreadable: `cannot read file: ${reason}` });
  }
  return SourceFile.fromBytes(path, bytes);
}
