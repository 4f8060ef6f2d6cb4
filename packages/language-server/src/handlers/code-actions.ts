import { CodeActionKind } from 'vscode-languageserver/node';
import type { Diagnostic as LspDiagnostic } from 'vscode-languageserver/node';
import { codeActionsFor } from '../code-actions.js';
import { linesOfDocument } from './context.js';
import type { CapabilitiesOf, ServerContext } from './context.js';

const same = (a: LspDiagnostic, b: LspDiagnostic): boolean =>
  a.code === b.code &&
  a.message === b.message &&
  a.range.start.line === b.range.start.line &&
  a.range.start.character === b.range.start.character;

/** Quick fixes: the rule's own fix, and a suppression comment. */
export function registerCodeActions(ctx: ServerContext): CapabilitiesOf {
  ctx.connection.onCodeAction((params) => {
    const doc = ctx.documents.get(params.textDocument.uri);
    if (!doc) return [];
    // Clients echo `data` back, but not all do: the diagnostic the server gave is the reference.
    const shown = ctx.shown.get(doc.uri) ?? [];
    const diagnostics = params.context.diagnostics.map((d) => shown.find((s) => same(s, d)) ?? d);
    return codeActionsFor(doc.uri, linesOfDocument(doc), diagnostics);
  });
  return () => ({ codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] } });
}
