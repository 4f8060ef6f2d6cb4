// The quick check (quick-check.ts) may only say yes where ajv finds no error, or a finding
// would be lost. Checked against ajv compiled from the same JSON Schema, on the values of the
// repository's examples and real-world corpus and on seeded mutations of them: wrong types,
// unknown keys, removed keys, values at and beyond the edges of formats and ranges.
import { Ajv } from 'ajv';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { glob } from 'tinyglobby';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { catalog } from '../kinds/catalog.js';
import type { SchemaNode } from '../schema/tree.js';
import { random } from '../testing/mutations.js';
import { ajvFormats } from './formats.js';
import { AJV_OPTIONS, toJsonSchema } from './json-schema.js';
import { quickCheckOf } from './quick-check.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

interface Checked {
  schema: SchemaNode;
  values: unknown[];
}

async function valuesByKind(): Promise<Map<SchemaNode, unknown[]>> {
  const files = await glob(['examples/**/*.yaml', 'test/corpus/realworld/**/*.yaml'], { cwd: root, absolute: true });
  const byKind = new Map<SchemaNode, unknown[]>();
  for (const file of files.sort()) {
    for (const document of parseAllDocuments(readFileSync(file, 'utf8'))) {
      if (!('toJS' in document) || document.errors.length > 0) continue;
      const value: unknown = document.toJS();
      if (typeof value !== 'object' || value === null || Array.isArray(value)) continue;
      const { apiVersion, kind } = value as Record<string, unknown>;
      const found = catalog.lookup(String(apiVersion), String(kind));
      if (!found?.info.lintable) continue;
      const schema = catalog.schema(found.info);
      byKind.set(schema, [...(byKind.get(schema) ?? []), value]);
    }
  }
  return byKind;
}

/** Replacements of a field's value: every JSON type, and strings and numbers at edges. */
const REPLACEMENTS: readonly unknown[] = [
  '',
  'x',
  'Not-A-Name_',
  'a'.repeat(300),
  '10Mi',
  '1.5',
  0,
  -1,
  1.5,
  2 ** 31,
  2 ** 64,
  true,
  null,
  {},
  [],
  ['x'],
  { unknownField: 1 },
];

/** A copy of `value` with the field at a random place replaced, removed or given an unknown key beside it. */
function mutated(value: unknown, next: () => number): unknown {
  const copy: unknown = structuredClone(value);
  const places: { parent: Record<string, unknown> | unknown[]; key: string | number }[] = [];
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return;
    const entries: [string | number, unknown][] = Array.isArray(node) ? [...node.entries()] : Object.entries(node);
    for (const [key, item] of entries) {
      places.push({ parent: node as Record<string, unknown> | unknown[], key });
      visit(item);
    }
  };
  visit(copy);
  const place = places[Math.floor(next() * places.length)];
  if (!place) return copy;
  const choice = next();
  const parent = place.parent as Record<string | number, unknown>;
  if (choice < 0.1 && !Array.isArray(parent)) delete parent[place.key];
  else if (choice < 0.2 && !Array.isArray(parent)) parent[`${String(place.key)}x`] = parent[place.key];
  else parent[place.key] = REPLACEMENTS[Math.floor(next() * REPLACEMENTS.length)];
  return copy;
}

describe('the quick check agrees with ajv', async () => {
  const ajv = new Ajv(AJV_OPTIONS);
  for (const [name, format] of Object.entries(ajvFormats)) ajv.addFormat(name, format);
  const kinds: Checked[] = [...(await valuesByKind())].map(([schema, values]) => ({ schema, values }));

  it('on every example and real-world manifest of a built-in kind, and on 20 seeded mutations of each', () => {
    const next = random(42);
    const disagreements: string[] = [];
    let valid = 0;
    let invalid = 0;
    for (const { schema, values } of kinds) {
      const json = toJsonSchema(schema);
      const byAjv = ajv.compile(json);
      const quick = quickCheckOf(json);
      for (const value of values) {
        for (const candidate of [value, ...Array.from({ length: 20 }, () => mutated(value, next))]) {
          const expected = byAjv(candidate);
          if (quick(candidate) !== expected)
            disagreements.push(
              `${schema['x-platlint']?.typeId}: ajv says ${expected}: ${JSON.stringify(candidate).slice(0, 300)}`,
            );
          if (expected) valid++;
          else invalid++;
        }
      }
    }
    expect(disagreements.slice(0, 5)).toEqual([]);
    // Both answers are exercised, and on many kinds.
    expect(kinds.length).toBeGreaterThanOrEqual(12);
    expect(valid).toBeGreaterThan(2000);
    expect(invalid).toBeGreaterThan(5000);
  }, 300_000);

  it('leaves to ajv a schema with a keyword it does not know, and a property named like one of Object.prototype', () => {
    const unknownKeyword = { type: 'object', properties: { a: { type: 'string', multipleOf: 2 } } };
    expect(quickCheckOf(unknownKeyword)({})).toBe(false);
    const prototypeName = { type: 'object', properties: { constructor: { type: 'string' } } };
    expect(ajv.validate(prototypeName, {})).toBe(false);
    expect(quickCheckOf(prototypeName)({})).toBe(false);
  });

  it('counts a length in code points and tests patterns as unicode, as ajv does', () => {
    const schema = { type: 'string', minLength: 2, maxLength: 2, pattern: '^.{2}$' };
    for (const text of ['ab', '\u{1F600}\u{1F600}', '\u{1F600}', 'abc', '\ud800a']) {
      expect(quickCheckOf(schema)(text), text).toBe(ajv.validate(schema, text));
    }
  });
});
