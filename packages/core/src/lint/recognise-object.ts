import type { Catalog } from '../kinds/catalog.js';
import { GENERIC_LIST } from '../kinds/list-items.js';
import type { LintObject } from '../rules/rule.js';
import type { FieldPath } from '../source/field-path.js';
import { formatPath } from '../source/field-path.js';
import { configLoadingProblem } from './config-loading.js';
import { genericListItems, typedListItems } from './expand-lists.js';
import { diagnostic, locateReport, type FileFindings } from './place-reports.js';
import { reportUnknownKind, reportUnservedVersion } from './unknown-kinds.js';

/** What recognising one document of a file reads and where it puts what it finds. */
export interface Gathering extends Pick<FileFindings, 'file' | 'out'> {
  catalog: Catalog;
  document: number;
  /** `apiVersion/kind` pairs already reported as unknown in this file. */
  reportedKinds: Set<string>;
  objects: LintObject[];
}

/**
 * Recognises one object (a document, or an item of a `kind: List` at `prefix`) by its apiVersion
 * and kind: an object of a checked kind joins `g.objects`; a List is expanded into its items;
 * anything else gets a finding saying why it is not checked.
 */
export function recogniseObject(g: Gathering, record: Record<string, unknown>, prefix: FieldPath): void {
  const { catalog, document } = g;
  // A configuration file is read by its own rules: its group and kind are named at their field.
  const loading = prefix.length === 0 ? configLoadingProblem(record, catalog) : undefined;
  if (loading) {
    const span = locateReport(g.file, document, [loading.field], loading.missing ? 'missing' : 'value');
    g.out.push(diagnostic(g, loading.ruleId, loading.severity, loading.message, document, [loading.field], span));
    return;
  }
  const { apiVersion, kind } = record;
  if (typeof apiVersion !== 'string' || typeof kind !== 'string' || !apiVersion || !kind) {
    reportMissingKind(g, record, prefix, typeof apiVersion !== 'string' || !apiVersion ? 'apiVersion' : 'kind');
    return;
  }
  if (apiVersion === GENERIC_LIST.apiVersion && kind === GENERIC_LIST.kind && prefix.length === 0) {
    for (const { item, path } of genericListItems(g, record)) recogniseObject(g, item, path);
    return;
  }
  const match = catalog.lookup(apiVersion, kind);
  if (!match || !match.info.lintable) {
    reportUnknownKind(g, { apiVersion, kind, prefix, known: match !== undefined });
    return;
  }
  const custom = catalog.customVersion(match.info);
  if (custom && !custom.served) {
    reportUnservedVersion(g, { apiVersion, kind, prefix, custom });
    return;
  }
  if (!match.isList) g.objects.push({ file: g.file.path, document, prefix, kind: match.info, value: record });
  else g.objects.push(...typedListItems(g, record, match.info, prefix));
}

function reportMissingKind(
  g: Gathering,
  record: Record<string, unknown>,
  prefix: FieldPath,
  missing: 'apiVersion' | 'kind',
): void {
  const path = [...prefix, missing];
  const what = prefix.length ? `item ${formatPath(prefix)}` : 'document';
  g.out.push(
    diagnostic(
      g,
      'document/missing-kind',
      'error',
      `${what} has no ${missing}: platlint cannot tell what it is`,
      g.document,
      path,
      locateReport(g.file, g.document, path, missing in record ? 'value' : 'missing'),
    ),
  );
}
