import type { Catalog } from '../kinds/catalog.js';
import { catalog as defaultCatalog } from '../kinds/catalog.js';
import type { LintObject } from '../rules/rule.js';
import type { SourceFile } from '../source/source-file.js';
import type { Diagnostic } from '../diagnostics.js';
import { FileMemo } from './file-memo.js';
import { gatherObjects } from './gather-documents.js';
import type { FileFindings } from './place-reports.js';
import { refuseDeclaredFiles, type FileObjects } from './refuse-declared-files.js';

/**
 * The first stage of a lint: which objects a file holds (List items one by one), and a
 * finding for each document that is not an object platlint checks (no apiVersion or kind, an
 * unknown kind or version, YAML that is not for the platform, a declared configuration file of
 * the wrong kind). The objects' findings are placed in `p`; the objects are returned.
 *
 * The jobs are modules of their own: each document in turn (gather-documents.ts), one object by
 * its apiVersion and kind (recognise-object.ts), Lists into their items (expand-lists.ts), what
 * names no checked kind (unknown-kinds.ts), declared configuration files (refuse-declared-files.ts).
 */
export function recogniseObjects(p: FileFindings, catalog: Catalog, cwd?: string): LintObject[] {
  const recognised = refuseDeclaredFiles(p, recognise(p.file, catalog), catalog, cwd);
  p.out.push(...recognised.findings);
  return recognised.objects;
}

/** The objects of a file (List items one by one), for old versions and other threads. */
export function collectObjects(file: SourceFile, catalog: Catalog = defaultCatalog): LintObject[] {
  return recognise(file, catalog).objects;
}

interface Recognised extends FileObjects {
  catalog: Catalog;
}

/**
 * A run recognises a file's objects twice, for the cross-document index and for its lint:
 * the second time is free. Findings need a position, which may mean parsing a document again.
 */
const recognisedOf = new FileMemo<SourceFile, Recognised>();

function recognise(file: SourceFile, catalog: Catalog): Recognised {
  const known = recognisedOf.get(file);
  if (known?.catalog === catalog) return known;
  const findings: Diagnostic[] = [];
  const recognised = { catalog, objects: gatherObjects({ file, out: findings }, catalog), findings };
  recognisedOf.set(file, recognised);
  return recognised;
}

/**
 * True when recognising a document places a finding on it whatever the rules say: it is
 * not one object of a kind platlint checks (an unknown kind, a List whose items are each
 * recognised, no apiVersion or kind). A reader keeps such a document's syntax tree.
 */
export function isPlacedOnRecognition(value: unknown, catalog: Catalog = defaultCatalog): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value !== 'object' || Array.isArray(value)) return true;
  const { apiVersion, kind } = value as Record<string, unknown>;
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return true;
  const match = catalog.lookup(apiVersion, kind);
  return !match || !match.info.lintable || match.isList;
}
