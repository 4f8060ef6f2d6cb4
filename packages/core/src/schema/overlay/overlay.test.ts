import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ApiTypes, FieldEntry, TypeEntry } from '../api-types.js';
import { configKinds, configTypes } from '../config-types.js';
import { configKindsOverlay, overlay, resourceKindsOverlay } from './index.js';

const apiTypes = JSON.parse(readFileSync(new URL('../../../data/api-types.json', import.meta.url), 'utf8')) as ApiTypes;

const allTypes: Record<string, TypeEntry> = { ...apiTypes.types, ...configTypes };

function lookup(id: string): TypeEntry | undefined {
  return Object.hasOwn(allTypes, id) ? allTypes[id] : undefined;
}

describe('overlay', () => {
  it('names only existing types and fields', () => {
    const missing: string[] = [];
    for (const [id, entry] of Object.entries(overlay)) {
      const type = lookup(id);
      if (!type) {
        missing.push(id);
        continue;
      }
      for (const name of Object.keys(entry.fields ?? {})) {
        if (type.kind !== 'struct' || !Object.hasOwn(type.fields, name)) missing.push(`${id}.${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('puts formats only on scalar fields', () => {
    const bad: string[] = [];
    for (const [id, entry] of Object.entries(overlay)) {
      const type = lookup(id);
      if (type?.kind !== 'struct') continue;
      for (const [name, field] of Object.entries(entry.fields ?? {})) {
        const f = type.fields[name];
        if (field.format && (f?.array || f?.map)) bad.push(`${id}.${name}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('keeps enums within the enum of the upstream scalar type', () => {
    const bad: string[] = [];
    for (const [id, entry] of Object.entries(overlay)) {
      const type = lookup(id);
      if (type?.kind !== 'struct') continue;
      for (const [name, field] of Object.entries(entry.fields ?? {})) {
        const ref = type.fields[name]?.ref;
        const scalar = ref ? lookup(ref) : undefined;
        if (scalar?.kind !== 'scalar' || !scalar.enum) continue;
        for (const v of [...(field.enum ?? []), ...(field.knownValues ?? [])]) {
          if (!scalar.enum.includes(String(v))) bad.push(`${id}.${name}: ${String(v)}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('merges both parts', () => {
    expect(Object.keys(overlay).length).toBe(
      new Set([...Object.keys(resourceKindsOverlay), ...Object.keys(configKindsOverlay)]).size,
    );
  });

  it('describes every kind', () => {
    const kinds = [...apiTypes.kinds.filter((k) => k.scope === 'spec' || k.scope === 'supporting'), ...configKinds];
    const undocumented = kinds
      .filter((k) => !overlay[k.type]?.description)
      // Workload and PriorityClass are supporting kinds whose fields the spec does not show.
      .filter((k) => !/\.(Workload|PriorityClass)$/.test(k.type))
      .map((k) => k.type);
    expect(undocumented).toEqual([]);
  });
});

describe('configTypes', () => {
  function refs(f: FieldEntry): string[] {
    return [f.ref, ...(f.items ? refs(f.items) : []), ...(f.values ? refs(f.values) : [])].filter(
      (r): r is string => typeof r === 'string',
    );
  }

  it('resolves every reference', () => {
    const missing: string[] = [];
    for (const [id, type] of Object.entries(configTypes)) {
      if (type.kind !== 'struct') continue;
      for (const [name, field] of Object.entries(type.fields)) {
        for (const r of [...refs(field), field.inlinedFrom].filter((x): x is string => !!x)) {
          if (!lookup(r)) missing.push(`${id}.${name} -> ${r}`);
        }
      }
    }
    for (const k of configKinds) if (!lookup(k.type)) missing.push(k.type);
    expect(missing).toEqual([]);
  });

  it('gives every config kind apiVersion and kind and no metadata', () => {
    for (const k of configKinds) {
      const t = configTypes[k.type];
      expect(t?.kind).toBe('struct');
      if (t?.kind !== 'struct') continue;
      expect(t.fields.apiVersion).toMatchObject({ type: 'string', optional: false });
      expect(t.fields.kind).toMatchObject({ type: 'string', optional: false });
      expect(t.fields.metadata).toBeUndefined();
    }
  });

  it('has an overlay description for every config type and field', () => {
    const missing: string[] = [];
    for (const [id, type] of Object.entries(configTypes)) {
      const o = overlay[id];
      if (!o?.description) missing.push(id);
      if (type.kind !== 'struct') continue;
      for (const name of Object.keys(type.fields)) if (!o?.fields?.[name]?.description) missing.push(`${id}.${name}`);
    }
    expect(missing).toEqual([]);
  });
});
