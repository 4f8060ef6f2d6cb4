/** The one model every finding travels in, from the YAML reader to the formatters. */

export type Severity = 'error' | 'warning' | 'info';

/** 1-based line and column, as editors and CI annotations show them. */
export interface Position {
  line: number;
  column: number;
}

export interface Range {
  start: Position;
  end: Position;
}

export interface Fix {
  range: Range;
  text: string;
}

export interface Diagnostic {
  ruleId: string;
  severity: Severity;
  message: string;
  /** 0-based index of the YAML document in its file. */
  document: number;
  /** Dotted field path with `[i]` for indexes; empty for file- or document-level findings. */
  path: string;
  range: Range;
  fix?: Fix;
}

export const severityRank: Record<Severity, number> = { info: 0, warning: 1, error: 2 };

export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return (
    a.range.start.line - b.range.start.line ||
    a.range.start.column - b.range.start.column ||
    a.ruleId.localeCompare(b.ruleId) ||
    a.message.localeCompare(b.message)
  );
}
