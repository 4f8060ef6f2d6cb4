import type { Diagnostic } from '../diagnostics.js';
import { LineIndex } from '../source/line-index.js';

/**
 * Applies the fixes of a file's findings to its text, in one pass. Fixes that overlap an
 * earlier one are left for the next pass (after re-linting), as ESLint does, so two fixes
 * never edit the same characters. Everything outside the replaced ranges, comments and
 * formatting included, stays as it was.
 */
export function applyFixes(text: string, diagnostics: readonly Diagnostic[]): { text: string; applied: number } {
  const lines = new LineIndex(text);
  const edits = diagnostics
    .filter((d) => d.fix)
    .map((d) => ({ start: lines.offset(d.fix!.range.start), end: lines.offset(d.fix!.range.end), text: d.fix!.text }))
    .sort((a, b) => a.start - b.start || a.end - b.end);
  let out = '';
  let at = 0;
  let applied = 0;
  for (const edit of edits) {
    if (edit.start < at) continue; // overlaps the previous fix
    out += text.slice(at, edit.start) + edit.text;
    at = edit.end;
    applied++;
  }
  return { text: out + text.slice(at), applied };
}
