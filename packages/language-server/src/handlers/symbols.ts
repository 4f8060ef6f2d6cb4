import { documentSymbols } from '../object-index.js';
import { linesOfDocument } from './context.js';
import type { CapabilitiesOf, ServerContext } from './context.js';

/** One symbol per YAML document: the outline and breadcrumbs. */
export function registerSymbols(ctx: ServerContext): CapabilitiesOf {
  ctx.connection.onDocumentSymbol((params) => {
    const doc = ctx.documents.get(params.textDocument.uri);
    return doc ? documentSymbols(linesOfDocument(doc)) : [];
  });
  return () => ({ documentSymbolProvider: true });
}
