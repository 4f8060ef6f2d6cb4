// Label selectors as admission matching parses them: a malformed selector is an error
// (reported only when the rules match), an empty one selects everything.
import { isEmptySelector, SELECTOR_OPERATORS, selectorMatches, type LabelSelector } from '@platlint/core';

export type ParsedSelector = { ok: true; selector: LabelSelector; empty: boolean } | { ok: false; error: string };

const OPERATORS = new Set<string>(Object.keys(SELECTOR_OPERATORS));

export function parseSelector(selector: LabelSelector | undefined): ParsedSelector {
  const s = selector ?? {};
  for (const term of s.matchExpressions ?? []) {
    if (!OPERATORS.has(term.operator)) return { ok: false, error: `"${term.operator}" is not a valid label selector operator` };
    const values = term.values ?? [];
    if ((term.operator === 'In' || term.operator === 'NotIn') && values.length === 0) {
      return { ok: false, error: `for 'in', 'notin' operators, values set can't be empty (key "${term.key}")` };
    }
    if ((term.operator === 'Exists' || term.operator === 'DoesNotExist') && values.length > 0) {
      return { ok: false, error: `values set must be empty for exists and does not exist (key "${term.key}")` };
    }
  }
  return { ok: true, selector: s, empty: isEmptySelector(s) };
}

export function labelsMatch(parsed: Extract<ParsedSelector, { ok: true }>, labels: Readonly<Record<string, string>>): boolean {
  return parsed.empty || selectorMatches(parsed.selector, labels);
}
