import type { Diagnostic, Fix, Range } from '@platlint/core';
import type { Diagnostic as LspDiagnostic, Range as LspRange } from 'vscode-languageserver';
import { DiagnosticSeverity } from 'vscode-languageserver';

const SEVERITY = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
} as const;

/** What a published diagnostic carries back to code actions: the rule's fix, in LSP form. */
export interface DiagnosticData {
  fix?: { range: LspRange; text: string };
}

/** platlint positions are 1-based; LSP's are 0-based, both in UTF-16 code units. */
function toLspRange(range: Range): LspRange {
  return {
    start: { line: range.start.line - 1, character: range.start.column - 1 },
    end: { line: range.end.line - 1, character: range.end.column - 1 },
  };
}

export function toLspDiagnostic(d: Diagnostic): LspDiagnostic {
  const data: DiagnosticData = d.fix ? { fix: toLspFix(d.fix) } : {};
  return {
    range: toLspRange(d.range),
    severity: SEVERITY[d.severity],
    code: d.ruleId,
    source: 'platlint',
    message: d.message,
    data,
  };
}

function toLspFix(fix: Fix): { range: LspRange; text: string } {
  return { range: toLspRange(fix.range), text: fix.text };
}
