import { hoverAt } from '../hover.js';
import { linesOfDocument } from './context.js';
import type { CapabilitiesOf, ServerContext } from './context.js';

/** Documentation of the key or value under the cursor, from the schema tree. */
export function registerHover(ctx: ServerContext): CapabilitiesOf {
  ctx.connection.onHover((params) => {
    const doc = ctx.documents.get(params.textDocument.uri);
    return doc ? hoverAt(linesOfDocument(doc), params.position, ctx.catalog()) : null;
  });
  return () => ({ hoverProvider: true });
}
