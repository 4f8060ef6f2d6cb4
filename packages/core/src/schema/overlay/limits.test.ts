import { describe, expect, it } from 'vitest';
import { catalog } from '../../kinds/catalog.js';
import { platlintInfo, schemaAt } from '../tree.js';

/** Limits JSON Schema cannot state live in the overlay too, and reach the tree the rules read. */
describe('overlay limits in the schema tree', () => {
  const info = (typeId: string, path: (string | number)[]) => platlintInfo(schemaAt(catalog.typeSchema(typeId), path) ?? {});

  it('carries the webhook authorizer timeout maximum', () => {
    const authz = catalog.kinds.find((k) => k.kind === 'AuthorizationConfiguration')!;
    expect(platlintInfo(schemaAt(catalog.schema(authz), ['authorizers', 0, 'webhook', 'timeout'])!).maxDuration).toBe('30s');
  });

  it('carries the aggregate size of annotations, wherever ObjectMeta appears', () => {
    expect(info('meta/v1.ObjectMeta', ['annotations']).maxTotalBytes).toBe(262144);
    expect(info('apps/v1.Deployment', ['spec', 'template', 'metadata', 'annotations']).maxTotalBytes).toBe(262144);
  });
});
