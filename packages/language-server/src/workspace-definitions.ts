// The CustomResourceDefinitions an editor session knows: those of the workspace's files on disk
// and of the configuration's `crds:` (and its `openapi:` documents), with an open buffer in place of its file, as
// `platlint lint .` over the workspace would read them. The lint thread lints custom resources
// against them; the main thread looks kinds up in them for hover and completion.
import { join, resolve } from 'node:path';
import {
  CONFIG_FILE,
  catalog as builtinCatalog,
  catalogWith,
  definitionsIn,
  findManifestFilesSync,
  listManifestFiles,
  mayHoldDefinition,
  readBoundedFileSync,
  readOpenApiDocuments,
  textDigest,
} from '@platlint/core';
import type { Catalog, Config, DefinitionSource } from '@platlint/core';

/** Workspace files are read for definitions only up to these limits, so a huge tree cannot stall start-up. */
export const MAX_WORKSPACE_FILES = 5000;
export const MAX_WORKSPACE_FILE_BYTES = 2 * 1024 * 1024;

/** The key the configuration's OpenAPI documents are kept under, among the files' definitions. */
const OPENAPI = '\0openapi';

export class WorkspaceDefinitions {
  /** The definitions of the files on disk, by file; read again after `changed()`. */
  private disk: Map<string, DefinitionSource[]> | undefined;
  /** An open buffer's definitions, kept while its text is the same. */
  private readonly buffers = new Map<string, { text: string; definitions: DefinitionSource[] }>();
  private last: { digest: string; catalog: Catalog } = { digest: '', catalog: builtinCatalog };

  constructor(
    private readonly cwd: string,
    private readonly roots: readonly string[],
    /** The configuration of a path (throws when it cannot be read). */
    private readonly configFor: (path: string) => Config,
  ) {}

  /** Files of the workspace or the configuration changed: read them again when next needed. */
  changed(): void {
    this.disk = undefined;
  }

  /** The definitions, open buffers first (the first definition of a kind is the one kept). */
  current(open: Iterable<readonly [string, string]>): DefinitionSource[] {
    const byFile = new Map(this.fromDisk());
    const openFirst: DefinitionSource[] = [];
    for (const [path, text] of open) {
      byFile.delete(path);
      openFirst.push(...this.ofBuffer(path, text));
    }
    return [...openFirst, ...[...byFile.values()].flat()];
  }

  /** The built-in catalog with the kinds of the current definitions (the same object while they do not change). */
  catalog(open: Iterable<readonly [string, string]>): Catalog {
    const definitions = this.current(open);
    const digest = definitions.length ? textDigest(JSON.stringify(definitions)) : '';
    if (digest !== this.last.digest) this.last = { digest, catalog: catalogWith(builtinCatalog, definitions, () => undefined) };
    return this.last.catalog;
  }

  /** A digest of the current definitions: the lint thread makes its engine again when it changes. */
  digestOf(definitions: readonly DefinitionSource[]): string {
    return definitions.length ? textDigest(JSON.stringify(definitions)) : '';
  }

  private ofBuffer(path: string, text: string): DefinitionSource[] {
    const known = this.buffers.get(path);
    if (known?.text === text) return known.definitions;
    const bytes = Buffer.from(text, 'utf8');
    const definitions = mayHoldDefinition(bytes) ? definitionsIn(path, bytes, builtinCatalog) : [];
    this.buffers.set(path, { text, definitions });
    return definitions;
  }

  private fromDisk(): Map<string, DefinitionSource[]> {
    if (this.disk) return this.disk;
    const found = new Map<string, DefinitionSource[]>();
    let named: string[] = [];
    try {
      const config = this.configFor(join(this.cwd, CONFIG_FILE));
      named = config.crds.length ? findManifestFilesSync(config.crds, config.root) : [];
      // catalogWith lets a CRD's kind win over the same kind in these documents.
      if (config.openapi.length) found.set(OPENAPI, readOpenApiDocuments(config.openapi.map((p) => resolve(config.root, p))));
    } catch {
      // A configuration that cannot be read, a crds: path that is not there or a document that
      // is no JSON: the lint says so.
    }
    for (const file of [...named, ...listManifestFiles(this.roots, MAX_WORKSPACE_FILES)]) {
      if (found.has(file)) continue;
      let bytes: Buffer;
      try {
        bytes = readBoundedFileSync(file, MAX_WORKSPACE_FILE_BYTES);
      } catch {
        continue;
      }
      if (mayHoldDefinition(bytes)) found.set(file, definitionsIn(file, bytes, builtinCatalog));
    }
    this.disk = found;
    return found;
  }
}
