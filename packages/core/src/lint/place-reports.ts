import type { Config } from '../config/config.js';
import type { Diagnostic, Fix, Severity } from '../diagnostics.js';
import { stringScalarText } from '../fix/scalar-text.js';
import { noteMessageRef, reportText } from '../rules/messages.js';
import type { LintObject, ReportDescriptor, ReportTarget, RuleMeta } from '../rules/rule.js';
import { valueAt } from '../rules/rule.js';
import type { FieldPath } from '../source/field-path.js';
import { formatPath } from '../source/field-path.js';
import type { SourceFile, Span } from '../source/source-file.js';
import type { StructuralFinding } from '../validate/validator.js';

/**
 * The findings of one file while it is linted: every stage places what it finds here, by
 * field path turned into a range of the file's text. `finishFile` (finish-file.ts) then
 * applies the configuration and the inline suppressions.
 */
export interface FileFindings {
  file: SourceFile;
  config: Config;
  /** The engine's own findings (reading, recognising, structure)... */
  out: Diagnostic[];
  /** ...and the rules': the same list, unless the run asks for the rules' findings alone. */
  ruleOut: Diagnostic[];
}

/** A finding at a span of the file. */
export function diagnostic(
  p: Pick<FileFindings, 'file'>,
  ruleId: string,
  severity: Severity,
  message: string,
  document: number,
  path: FieldPath,
  span: Span,
): Diagnostic {
  return { ruleId, severity, message, document, path: formatPath(path), range: p.file.lines.range(span.start, span.end) };
}

/**
 * A finding about a field that is not written goes on the nearest key that is, as
 * `schema/required` does: for `missing`, and for a `key` target whose field is absent.
 */
export function locateReport(file: SourceFile, document: number, path: FieldPath, target: ReportTarget): Span {
  if (target === 'value') return file.locate(document, path, target);
  const span = file.locate(document, path, 'key');
  return span.exact ? span : file.locateParentKey(document, path);
}

/** Places a structural finding (schema validation, decoding, a List's envelope), with its fix when it has one. */
export function placeFinding(
  p: Pick<FileFindings, 'file' | 'out'>,
  document: number,
  finding: StructuralFinding,
  severity: Severity = 'error',
): void {
  const span =
    finding.target === 'parent-key'
      ? p.file.locateParentKey(document, finding.path)
      : p.file.locate(document, finding.path, finding.target);
  const d = diagnostic(p, finding.ruleId, severity, finding.message, document, finding.path, span);
  if (finding.replacement !== undefined && span.exact) d.fix = { range: d.range, text: finding.replacement };
  p.out.push(d);
}

/** Places what a rule reported on an object (its path is relative to the object, which may be a List item). */
export function placeRuleReport(p: FileFindings, meta: RuleMeta, object: LintObject, report: ReportDescriptor): void {
  const path = [...object.prefix, ...report.path];
  const span = report.span
    ? { ...report.span, exact: true }
    : locateReport(p.file, object.document, path, report.target ?? 'value');
  const d = diagnostic(p, meta.id, report.severity ?? meta.severity, reportText(meta, report), object.document, path, span);
  noteMessageRef(d, report);
  const removal = report.fix?.removeItem
    ? p.file.removalSpan(object.document, [...object.prefix, ...(report.fix.path ?? report.path)])
    : undefined;
  if (removal) d.fix = { range: p.file.lines.range(removal.start, removal.end), text: '' };
  else if (report.fix && !report.fix.removeItem) {
    d.fix = report.fix.span
      ? { range: p.file.lines.range(report.fix.span.start, report.fix.span.end), text: report.fix.text }
      : placeFix(p, object, report.fix.path ?? report.path, report.fix.target ?? 'value', report.fix.text);
  }
  p.ruleOut.push(d);
}

function placeFix(p: FileFindings, object: LintObject, path: FieldPath, target: 'key' | 'value', text: string): Fix {
  const span = p.file.locate(object.document, [...object.prefix, ...path], target);
  // A string keeps its type and the file stays YAML: the text is quoted where it must be.
  const current = target === 'key' ? path.at(-1) : valueAt(object.value, path);
  return {
    range: p.file.lines.range(span.start, span.end),
    text: stringScalarText(p.file.text.slice(span.start, span.end), current, text),
  };
}
