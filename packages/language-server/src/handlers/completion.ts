import { completeAt } from '../completion.js';
import { linesOfDocument } from './context.js';
import type { CapabilitiesOf, ServerContext } from './context.js';

/** Keys and values the schema tree allows where the cursor is. */
export function registerCompletion(ctx: ServerContext): CapabilitiesOf {
  ctx.connection.onCompletion((params) => {
    const doc = ctx.documents.get(params.textDocument.uri);
    return doc ? completeAt(linesOfDocument(doc), params.position, ctx.catalog()) : [];
  });
  return () => ({ completionProvider: { triggerCharacters: [':', ' ', '.', '-'], resolveProvider: false } });
}
