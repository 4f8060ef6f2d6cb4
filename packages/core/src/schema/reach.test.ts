import { describe, expect, it } from 'vitest';
import { catalog } from '../kinds/catalog.js';
import { mayHold } from './reach.js';
import { platlintInfo, schemaAt } from './tree.js';
import type { SchemaNode } from './tree.js';

const isObjectMeta = (node: SchemaNode): boolean => platlintInfo(node).typeId === 'meta/v1.ObjectMeta';

describe('mayHold', () => {
  const deployment = catalog.schema(catalog.lookup('apps/v1', 'Deployment')!.info);

  it('finds a type nested deep below a node, and not below a subtree without it', () => {
    expect(mayHold(deployment, isObjectMeta)).toBe(true);
    // The pod template's metadata lies below spec; nothing below a container is object metadata.
    expect(mayHold(schemaAt(deployment, ['spec'])!, isObjectMeta)).toBe(true);
    expect(mayHold(schemaAt(deployment, ['spec', 'template', 'spec', 'containers'])!, isObjectMeta)).toBe(false);
  });

  it('answers "may hold" where a recursive type loops back, and still finds what lies beyond the loop', () => {
    const target: SchemaNode = { type: 'string', 'x-platlint': { typeId: 'wanted' } };
    const loop: SchemaNode = { type: 'object', properties: {} };
    loop.properties = { self: loop, leaf: { type: 'string' } };
    const around: SchemaNode = { type: 'object', properties: { a: loop, b: { type: 'object', properties: { c: target } } } };
    const wanted = (node: SchemaNode): boolean => platlintInfo(node).typeId === 'wanted';
    expect(mayHold(around, wanted)).toBe(true);
    expect(mayHold({ type: 'object', properties: { only: { type: 'string' } } }, wanted)).toBe(false);
    expect(mayHold(loop, wanted)).toBe(true);
  });
});
