import type { Catalog } from '../kinds/catalog.js';
import type { LintObject } from '../rules/rule.js';
import type { SourceDocument } from '../source/source-file.js';
import { declaresObject } from './manifest.js';
import { diagnostic, type FileFindings } from './place-reports.js';
import { recogniseObject, type Gathering } from './recognise-object.js';

/**
 * Each document of a file in turn: a mapping that names apiVersion or kind is recognised as an
 * object (List items one by one); a sequence of objects is an error; YAML that names neither is
 * not for the platform, said once per file. Broken and empty documents were reported when parsed.
 */
export function gatherObjects(p: Pick<FileFindings, 'file' | 'out'>, catalog: Catalog): LintObject[] {
  const objects: LintObject[] = [];
  // One gathering for the file, told which document it is at: made per document (a spread
  // of `p`), it cost as much as recognising the object.
  const gathering: Gathering = { file: p.file, out: p.out, catalog, reportedKinds: new Set(), objects, document: 0 };
  const foreign: SourceDocument[] = [];
  for (const doc of p.file.documents) {
    if (doc.broken || doc.value === null || doc.value === undefined) continue;
    const value = doc.value;
    if (!declaresObject(value)) {
      foreign.push(doc);
      continue;
    }
    if (typeof value !== 'object' || Array.isArray(value)) {
      p.out.push(
        diagnostic(
          p,
          'document/not-mapping',
          'error',
          `document ${doc.index + 1} is a list of objects; a manifest is one mapping with apiVersion and kind (wrap several objects in a kind: List, or separate them with ---)`,
          doc.index,
          [],
          { start: doc.start, end: doc.start, exact: false },
        ),
      );
      continue;
    }
    gathering.document = doc.index;
    recogniseObject(gathering, value as Record<string, unknown>, []);
  }
  if (foreign.length > 0) reportNotManifest(p, foreign);
  return objects;
}

/** Once per file: the YAML that names neither apiVersion nor kind is not for the platform. */
function reportNotManifest(p: Pick<FileFindings, 'file' | 'out'>, docs: readonly SourceDocument[]): void {
  const first = docs[0] as SourceDocument;
  const n = docs.length;
  const subject =
    n === p.file.documents.length
      ? n === 1
        ? 'the file'
        : `all ${n} documents of the file`
      : n === 1
        ? `document ${first.index + 1}`
        : `${n} documents (the first is document ${first.index + 1})`;
  const message = `${subject}: no apiVersion and no kind, so not a platform manifest; skipped`;
  p.out.push(diagnostic(p, 'document/not-manifest', 'info', message, first.index, [], p.file.locateParentKey(first.index, [''])));
}
