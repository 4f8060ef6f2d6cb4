import type { CodeAction, Diagnostic, Range } from 'vscode-languageserver';
import { CodeActionKind } from 'vscode-languageserver';
import type { DiagnosticData } from './lsp-diagnostics.js';
import { documentAt, enclosingBlockScalar } from './yaml-outline.js';
import type { Lines } from './yaml-outline.js';

/** Findings that a suppression comment cannot or should not hide. */
const NOT_SUPPRESSIBLE = new Set(['suppression/unused']);

/**
 * Quick fixes for the diagnostics under the cursor: the rule's own fix, and a comment that
 * disables the rule on the diagnostic's line.
 */
export function codeActionsFor(uri: string, lines: Lines, diagnostics: readonly Diagnostic[]): CodeAction[] {
  const actions: CodeAction[] = [];
  for (const d of diagnostics) {
    if (d.source !== 'platlint' || typeof d.code !== 'string') continue;
    const fix = (d.data as DiagnosticData | undefined)?.fix;
    if (fix) {
      actions.push({
        title: fixTitle(d.code, fix.text),
        kind: CodeActionKind.QuickFix,
        diagnostics: [d],
        isPreferred: true,
        edit: { changes: { [uri]: [{ range: fix.range, newText: fix.text }] } },
      });
    }
    const disable = disableAction(uri, lines, d, d.code);
    if (disable) actions.push(disable);
  }
  return actions;
}

function fixTitle(rule: string, text: string): string {
  const shown = text.length > 40 || text.includes('\n') ? '' : ` "${text}"`;
  return text === '' ? `Fix ${rule}: remove` : `Fix ${rule}: use${shown || ' the suggested text'}`;
}

function disableAction(uri: string, lines: Lines, d: Diagnostic, rule: string): CodeAction | undefined {
  if (NOT_SUPPRESSIBLE.has(rule)) return undefined;
  const line = d.range.start.line;
  // A comment line inside a block scalar would become part of the text (a CEL expression).
  if (enclosingBlockScalar(lines, documentAt(lines, line).start, line)) return undefined;
  const text = lines.line(line);
  const indent = text.slice(0, text.length - text.trimStart().length);
  const at: Range = { start: { line, character: 0 }, end: { line, character: 0 } };
  return {
    title: `Disable ${rule} for this line`,
    kind: CodeActionKind.QuickFix,
    diagnostics: [d],
    edit: { changes: { [uri]: [{ range: at, newText: `${indent}# platlint-disable-next-line ${rule} -- reason\n` }] } },
  };
}
