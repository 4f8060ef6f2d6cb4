import { describe, expect, it } from 'vitest';
import { catalog } from '../kinds/catalog.js';
import { overlay } from '../schema/overlay/index.js';
import type { SchemaNode } from '../schema/tree.js';
import { knownFeatureGates } from './feature-gates.js';

describe('feature gates of the overlay', () => {
  it('are all known gates (with a history, or named by the reference)', () => {
    const unknown: string[] = [];
    for (const [typeId, type] of Object.entries(overlay)) {
      for (const gate of type.featureGates ?? []) if (!knownFeatureGates().has(gate)) unknown.push(`${typeId}: ${gate}`);
      for (const [field, entry] of Object.entries(type.fields ?? {}))
        for (const gate of entry.featureGates ?? [])
          if (!knownFeatureGates().has(gate)) unknown.push(`${typeId}.${field}: ${gate}`);
    }
    expect(unknown).toEqual([]);
  });

  it('are known wherever they reach the schema trees of the kinds (overlay, type table, configuration types)', () => {
    const unknown = new Set<string>();
    const seen = new Set<SchemaNode>();
    const walk = (node: SchemaNode): void => {
      if (seen.has(node)) return;
      seen.add(node);
      for (const gate of node['x-platlint']?.featureGates ?? []) if (!knownFeatureGates().has(gate)) unknown.add(gate);
      for (const child of [...Object.values(node.properties ?? {}), node.items, node.additionalProperties])
        if (child) walk(child);
    };
    for (const info of catalog.kinds) walk(catalog.schema(info));
    expect(seen.size).toBeGreaterThan(1000);
    expect([...unknown]).toEqual([]);
  });

  it('do not make a gate known by naming it', () => {
    expect(knownFeatureGates().has('NoSuchGate')).toBe(false);
  });
});
