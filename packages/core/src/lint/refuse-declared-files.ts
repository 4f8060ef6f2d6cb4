import type { Diagnostic } from '../diagnostics.js';
import type { Catalog } from '../kinds/catalog.js';
import type { LintObject } from '../rules/rule.js';
import { declarationsOf } from '../config/api-server-configs.js';
import { declaredFileProblems } from './declared-configs.js';
import { diagnostic, locateReport, type FileFindings } from './place-reports.js';

/** A file's objects and the findings on what is not one. */
export interface FileObjects {
  objects: LintObject[];
  /** What is not an object platlint checks, and why (unknown kinds, missing apiVersion...). */
  findings: Diagnostic[];
}

/**
 * A file the configuration declares as an API server configuration (`apiServerConfigs:`):
 * a document that is not of the declared kind is an error placed instead of what recognising
 * it found (the server refuses the file, so how platlint would have read the document does
 * not matter), and none of its objects is checked.
 */
export function refuseDeclaredFiles(
  p: Pick<FileFindings, 'file' | 'config'>,
  recognised: FileObjects,
  catalog: Catalog,
  cwd = process.cwd(),
): FileObjects {
  const declarations = declarationsOf(p.config, p.file.path, cwd);
  if (declarations.length === 0) return recognised;
  const problems = declaredFileProblems(p.file, declarations, p.config, catalog);
  if (problems.length === 0) return recognised;
  const refused = new Set(problems.map((d) => d.document));
  const findings = recognised.findings.filter((d) => !refused.has(d.document));
  for (const problem of problems) {
    const { document, field } = problem;
    const span = field
      ? locateReport(p.file, document, [field], problem.missing ? 'missing' : 'value')
      : p.file.locateParentKey(document, ['']);
    findings.push(diagnostic(p, 'document/declared-kind', 'error', problem.message, document, field ? [field] : [], span));
  }
  return { findings, objects: recognised.objects.filter((o) => !refused.has(o.document)) };
}
