import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalog } from '../kinds/catalog.js';
import { platlintInfo } from './tree.js';
import type { SchemaNode } from './tree.js';

/**
 * docs/required-fields.md records, for every field a linted kind's schema marks required, the
 * upstream function that refuses its absence (a `required` nothing enforces is a false error).
 * This keeps the page and the schema together: a field that becomes required, by a new upstream
 * type or an overlay entry, must be audited and written down before it ships.
 */
const doc = readFileSync(new URL('../../../../docs/required-fields.md', import.meta.url), 'utf8');

/** The `type field` pairs of the page's tables; a row may name several types, comma-separated. */
function documentedPairs(): Set<string> {
  const pairs = new Set<string>();
  for (const line of doc.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    // | `type`[, `type`] | `field` | ...
    if (cells.length < 4 || !cells[1]?.startsWith('`') || !cells[2]?.startsWith('`')) continue;
    const field = cells[2].replace(/`/g, '');
    for (const type of cells[1].split(',')) pairs.add(`${type.trim().replace(/`/g, '')} ${field}`);
  }
  return pairs;
}

/** Every `type field` a linted kind's schema requires, walking each type once per kind. */
function requiredPairs(): Set<string> {
  const pairs = new Set<string>();
  const walk = (node: SchemaNode | undefined, seen: Set<string>): void => {
    if (!node || typeof node !== 'object') return;
    const typeId = platlintInfo(node).typeId;
    if (typeId) {
      if (seen.has(typeId)) return;
      seen.add(typeId);
      for (const field of node.required ?? []) pairs.add(`${typeId} ${field}`);
    }
    for (const child of Object.values(node.properties ?? {})) walk(child, seen);
    if (node.items && typeof node.items === 'object' && !Array.isArray(node.items)) walk(node.items, seen);
    if (node.additionalProperties && typeof node.additionalProperties === 'object') walk(node.additionalProperties, seen);
  };
  for (const info of catalog.kinds) {
    // Extra kinds serve admission only; CustomResourceDefinition's own schema is upstream's, checked by the crd/* rules.
    if (info.scope === 'extra' || info.typeId.startsWith('crd:')) continue;
    walk(catalog.schema(info), new Set());
  }
  return pairs;
}

describe('docs/required-fields.md', () => {
  it('names every field a linted kind requires', () => {
    const documented = documentedPairs();
    const missing = [...requiredPairs()].filter((pair) => !documented.has(pair)).sort();
    expect(missing).toEqual([]);
  });

  it('cites a function for every field it keeps required', () => {
    const unverified = doc.split('\n').filter((line) => line.startsWith('| `') && /not (verified|re-read|audited)/.test(line));
    expect(unverified).toEqual([]);
  });
});
