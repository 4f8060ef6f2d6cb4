import { describe, expect, it } from 'vitest';
import { overlay } from '../schema/overlay/index.js';
import { knownFeatureGates } from './feature-gates.js';

describe('feature gates of the overlay', () => {
  it('are all known gates (with a history, or named by the reference)', () => {
    const unknown: string[] = [];
    for (const [typeId, type] of Object.entries(overlay)) {
      for (const gate of type.featureGates ?? []) if (!knownFeatureGates().has(gate)) unknown.push(`${typeId}: ${gate}`);
      for (const [field, entry] of Object.entries(type.fields ?? {})) for (const gate of entry.featureGates ?? []) if (!knownFeatureGates().has(gate)) unknown.push(`${typeId}.${field}: ${gate}`);
    }
    expect(unknown).toEqual([]);
  });

  it('do not make a gate known by naming it', () => {
    expect(knownFeatureGates().has('NoSuchGate')).toBe(false);
  });
});
