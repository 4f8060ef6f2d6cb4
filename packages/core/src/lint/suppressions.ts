import type { Diagnostic } from '../diagnostics.js';
import type { SourceFile } from '../source/source-file.js';
import { FileMemo } from './file-memo.js';

/**
 * Inline suppressions, written as YAML comments:
 *   # platlint-disable-next-line RULE[, RULE...] -- reason
 *   # platlint-disable-line RULE -- reason        (at the end of the line it applies to)
 *   # platlint-disable RULE -- reason             (the rest of the document)
 * Without a rule id the comment applies to every rule.
 */
interface Suppression {
  scope: 'next-line' | 'line' | 'rest';
  rules: readonly string[] | '*';
  /** 1-based line of the comment. */
  line: number;
  column: number;
  offset: number;
  /** Length of the comment, for the range of an unused-suppression warning. */
  length: number;
  document: number;
  used: boolean;
}

const mentions = new FileMemo<SourceFile, boolean>();

/**
 * False when no comment of the file can be a suppression: its text never names one. A run
 * asks twice for each file that waits for the cross-document index (run-share.ts, then
 * parseSuppressions), so the scan of the whole text is made once.
 */
export function mayHoldSuppressions(file: SourceFile): boolean {
  let mentioned = mentions.get(file);
  if (mentioned === undefined) mentions.set(file, (mentioned = file.text.includes('platlint-disable')));
  return mentioned;
}

const DIRECTIVE = /^#\s*platlint-(disable-next-line|disable-line|disable)(?![\w-])(.*)$/;

/**
 * Suppressions come from the comment tokens the YAML parser found, never from the text:
 * `# platlint-disable` inside a quoted value or a block scalar is data, and data must not
 * switch rules off (it may come from whoever wrote the object, not from the repository).
 */
function parseSuppressions(file: SourceFile): Suppression[] {
  if (!mayHoldSuppressions(file)) return [];
  const ends = file.documents.map((d) => d.end);
  const found: Suppression[] = [];
  for (const comment of file.comments) {
    const match = DIRECTIVE.exec(comment.source);
    if (!match) continue;
    const offset = comment.offset;
    const [ruleText = ''] = (match[2] ?? '').split(' --');
    const rules = ruleText.split(/[\s,]+/).filter(Boolean);
    const position = file.lines.position(offset);
    let document = ends.findIndex((end) => end >= offset);
    if (document === -1) document = Math.max(0, ends.length - 1);
    found.push({
      scope: match[1] === 'disable' ? 'rest' : match[1] === 'disable-line' ? 'line' : 'next-line',
      rules: rules.length ? rules : '*',
      line: position.line,
      column: position.column,
      offset,
      length: comment.source.length,
      document,
      used: false,
    });
  }
  return found;
}

function covers(s: Suppression, d: Diagnostic): boolean {
  if (s.rules !== '*' && !s.rules.includes(d.ruleId)) return false;
  switch (s.scope) {
    case 'next-line':
      return d.range.start.line === s.line + 1;
    case 'line':
      return d.range.start.line === s.line;
    case 'rest':
      return (
        d.document === s.document &&
        (d.range.start.line > s.line || (d.range.start.line === s.line && d.range.start.column >= s.column))
      );
  }
}

/** Drops suppressed findings and adds a warning for each suppression that hid nothing. */
export function applySuppressions(file: SourceFile, diagnostics: Diagnostic[], reportUnused: boolean): Diagnostic[] {
  const suppressions = parseSuppressions(file);
  if (suppressions.length === 0) return diagnostics;
  const kept = diagnostics.filter((d) => {
    let hidden = false;
    for (const s of suppressions) {
      if (covers(s, d)) {
        s.used = true;
        hidden = true;
      }
    }
    return !hidden;
  });
  if (reportUnused) {
    for (const s of suppressions) {
      if (s.used) continue;
      const what = s.rules === '*' ? 'any rule' : s.rules.join(', ');
      kept.push({
        ruleId: 'suppression/unused',
        severity: 'warning',
        message: `this suppression of ${what} hid nothing; remove it`,
        document: s.document,
        path: '',
        range: file.lines.range(s.offset, s.offset + s.length),
      });
    }
  }
  return kept;
}
