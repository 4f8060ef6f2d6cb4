import { ObjectIndex } from '../object-index.js';
import { linesOfDocument } from './context.js';
import type { CapabilitiesOf, ServerContext } from './context.js';

/** Go to definition: from a reference (a binding's policy name, say) to the object it names. */
export function registerDefinition(ctx: ServerContext): CapabilitiesOf {
  let objects: ObjectIndex | undefined;
  ctx.onInitialized(() => {
    objects = new ObjectIndex(ctx.roots, function* () {
      for (const doc of ctx.documents.all()) yield { uri: doc.uri, path: ctx.pathOf(doc.uri), lines: linesOfDocument(doc) };
    });
  });
  ctx.onFilesChanged(() => objects?.filesChanged());
  ctx.connection.onDefinition((params) => {
    const doc = ctx.documents.get(params.textDocument.uri);
    return doc && objects ? objects.definition(linesOfDocument(doc), params.position) : null;
  });
  return () => ({ definitionProvider: true });
}
