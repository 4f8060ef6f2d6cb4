import type { Diagnostic } from '../diagnostics.js';
import type { FileResult } from '../lint/linter.js';
import type { RuleMeta } from '../rules/rule.js';

/** What every formatter receives: the results of a run and the rules that ran. */
export interface Report {
  files: readonly FileResult[];
  rules: readonly RuleMeta[];
  summary: Summary;
}

export interface Summary {
  files: number;
  documents: number;
  errors: number;
  warnings: number;
  infos: number;
}

export function summarize(files: readonly FileResult[]): Summary {
  const summary: Summary = { files: files.length, documents: 0, errors: 0, warnings: 0, infos: 0 };
  for (const file of files) {
    summary.documents += file.documents;
    for (const d of file.diagnostics) count(summary, d);
  }
  return summary;
}

function count(summary: Summary, d: Diagnostic): void {
  if (d.severity === 'error') summary.errors++;
  else if (d.severity === 'warning') summary.warnings++;
  else summary.infos++;
}

export type Formatter = (report: Report, options: { color: boolean }) => string;
