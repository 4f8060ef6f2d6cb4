import { describe, expect, it } from 'vitest';
import { catalog } from '../kinds/catalog.js';
import { schemaAt } from './tree.js';

describe('schemaAt', () => {
  const deployment = catalog.schema(catalog.kinds.find((k) => k.kind === 'Deployment' && k.group === 'apps')!);

  it('finds no field for keys named like Object.prototype members', () => {
    for (const key of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(schemaAt(deployment, ['metadata', key])).toBeUndefined();
      expect(schemaAt(deployment, ['spec', key])).toBeUndefined();
    }
  });

  it("gives a map's value schema for any key, those included", () => {
    expect(schemaAt(deployment, ['metadata', 'labels', 'constructor'])).toEqual(
      schemaAt(deployment, ['metadata', 'labels', 'app']),
    );
    expect(schemaAt(deployment, ['metadata', 'labels', 'app'])?.type).toBe('string');
  });
});
