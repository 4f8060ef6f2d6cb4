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
    compareRuleIds(a.ruleId, b.ruleId) ||
    compareCodeUnits(a.message, b.message)
  );
}

/**
 * The last tie-break, between findings of one rule at one place, is by code units: the same
 * order in every locale (localeCompare's is the user's), and no ICU collator to load (~20 ms,
 * once a run has one such tie).
 */
function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** What rule ids are written with: lowercase letters, digits, `-` and `/`. */
const RULE_ID_CHARACTERS = /^[a-z0-9/-]*$/;

/**
 * Rule ids in the order localeCompare gives them, without asking ICU. On these characters
 * code-unit order is the root collation's (`-` and `/` before digits, digits before letters,
 * one weight each), and localeCompare's first call costs ~20 ms loading ICU's collator: at
 * every start, where the rule registry sorts itself, a tenth of a lint of one file. An id
 * written otherwise is compared by localeCompare.
 */
export function compareRuleIds(a: string, b: string): number {
  if (!RULE_ID_CHARACTERS.test(a) || !RULE_ID_CHARACTERS.test(b)) return a.localeCompare(b);
  return compareCodeUnits(a, b);
}
