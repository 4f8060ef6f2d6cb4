import { describe, expect, it } from 'vitest';
import apiTypes from '../../../data/api-types.json' with { type: 'json' };
import type { ApiTypes, TypeEntry } from '../api-types.js';
import { overlay } from './index.js';

/** The overlay adds what the reference lacks; a fact the reference already holds has one home there. */
describe('overlay', () => {
  it('repeats no enum the reference declares (a field whose type carries the enum marker)', () => {
    const types = (apiTypes as unknown as ApiTypes).types as Record<
      string,
      TypeEntry & { fields?: Record<string, { ref?: string }> }
    >;
    const repeats: string[] = [];
    for (const [typeId, type] of Object.entries(overlay)) {
      for (const [name, field] of Object.entries(type.fields ?? {})) {
        const ref = types[typeId]?.fields?.[name]?.ref;
        const target = ref === undefined ? undefined : (types[ref] as { enum?: unknown[]; enumMarker?: boolean } | undefined);
        if (field.enum && target?.enumMarker && target.enum) repeats.push(`${typeId}.${name}`);
      }
    }
    expect(repeats).toEqual([]);
  });
});
