// Where CEL stands is marked once, in the schema tree (x-platlint.cel). Every marked field must
// be compiled by some rule, and the language server's CEL help must stand exactly there; and
// the CEL rules report nowhere else.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ANY_INDEX,
  SourceFile,
  catalog,
  celFieldsOf,
  celPlaceAt,
  defaultConfig,
  formatPath,
  lintSources,
  parsePath,
} from '@platlint/core';
import type { CelField, FieldPath, KindInfo, KindMatch, SchemaNode } from '@platlint/core';
import { rules } from '@platlint/rules';
import { describe, expect, it } from 'vitest';
import { celPlaceOf } from '../packages/language-server/src/cel-places.js';
import { REPO_ROOT } from './cli/helpers.js';

const kindsWithCel = catalog.kinds.filter((k) => k.lintable && celFieldsOf(catalog.schema(k)).length > 0);
const BROKEN = '1 +';

/** The concrete path of a CEL field: the first list item, the key `k` of a map. */
const concrete = (field: CelField): FieldPath => field.path.map((s) => (s === ANY_INDEX ? 0 : s === '{}' ? 'k' : s));

/** The smallest object of the kind holding `expression` at `path`. */
function objectWith(info: KindInfo, path: FieldPath, expression: string): Record<string, unknown> {
  const root: Record<string, unknown> = { apiVersion: info.apiVersion, kind: info.kind };
  if (info.entry.scope !== 'config') root.metadata = { name: 'x' };
  let holder: Record<string, unknown> | unknown[] = root;
  path.forEach((segment, i) => {
    const last = i === path.length - 1;
    const next = last ? expression : typeof path[i + 1] === 'number' ? [] : {};
    const existing = (holder as Record<string | number, unknown>)[segment];
    if (existing === undefined || last) (holder as Record<string | number, unknown>)[segment] = next;
    holder = (holder as Record<string | number, unknown>)[segment] as Record<string, unknown>;
  });
  return root;
}

function lint(values: readonly Record<string, unknown>[]) {
  const files = values.map((value, i) => SourceFile.fromValue(`object-${i}.json`, value));
  return lintSources({ files, rules, configFor: () => defaultConfig(REPO_ROOT) }).flatMap((r) => r.diagnostics);
}

const matchOf = (info: KindInfo): KindMatch => catalog.lookup(info.apiVersion, info.kind)!;

/** Every string field below a node (to a depth), as concrete paths. */
function stringFields(node: SchemaNode, path: FieldPath, depth: number): FieldPath[] {
  if (depth === 0) return [];
  if (node.type === 'string') return [path];
  const out: FieldPath[] = [];
  for (const [key, child] of Object.entries(node.properties ?? {})) out.push(...stringFields(child, [...path, key], depth - 1));
  if (node.items) out.push(...stringFields(node.items, [...path, 0], depth - 1));
  return out;
}

describe('CEL places: one mark in the schema tree, used by the rules and the language server', () => {
  it('finds CEL in the three kinds that have it', () => {
    expect(kindsWithCel.map((k) => k.kind).sort()).toEqual([
      'AuthenticationConfiguration',
      'AuthorizationConfiguration',
      'MutatingAdmissionPolicy',
    ]);
  });

  for (const info of kindsWithCel) {
    it(`${info.kind}: every CEL field is compiled by a rule, which reports a broken expression there`, () => {
      const unchecked: string[] = [];
      for (const field of celFieldsOf(catalog.schema(info))) {
        const path = formatPath(concrete(field));
        const findings = lint([objectWith(info, concrete(field), BROKEN)]).filter(
          (d) => d.path === path && !d.ruleId.startsWith('schema/'),
        );
        if (!findings.some((d) => d.severity === 'error' && /syntax|unexpected|expected/i.test(d.message)))
          unchecked.push(`${path} (${field.place}): ${JSON.stringify(findings)}`);
      }
      expect(unchecked).toEqual([]);
    });

    it(`${info.kind}: the language server offers CEL exactly at the marked fields`, () => {
      const match = matchOf(info);
      for (const field of celFieldsOf(catalog.schema(info)))
        expect(celPlaceOf(match, concrete(field)), formatPath(concrete(field))).toBe(field.place);
      const marked = new Set(celFieldsOf(catalog.schema(info)).map((f) => formatPath(concrete(f))));
      const others = stringFields(catalog.schema(info), [], 9).filter((p) => !marked.has(formatPath(p)));
      expect(others.length).toBeGreaterThan(5);
      expect(others.filter((p) => celPlaceOf(match, p) !== undefined).map(formatPath)).toEqual([]);
    });

    it(`${info.kind}: no CEL rule reports outside the marked fields, with broken CEL in every other string field`, () => {
      const schema = catalog.schema(info);
      const marked = new Set(celFieldsOf(schema).map((f) => formatPath(concrete(f))));
      const others = stringFields(schema, [], 9).filter((p) => !marked.has(formatPath(p)));
      const celRules = new Set([
        'admission/cel',
        'admission/cel-schema',
        'config/authentication-cel',
        'config/authorization-cel',
      ]);
      const stray = lint(others.map((p) => objectWith(info, p, BROKEN))).filter(
        (d) => celRules.has(d.ruleId) && celPlaceAt(schema, parsePath(d.path)) === undefined,
      );
      expect(stray).toEqual([]);
    });
  }

  it('the CEL findings on the examples all stand at marked fields', () => {
    const celRules = new Set([
      'admission/cel',
      'admission/cel-schema',
      'config/authentication-cel',
      'config/authorization-cel',
      'admission/variable-references',
      'admission/params-need-paramkind',
    ]);
    const files = ['valid', 'invalid'].flatMap((folder) =>
      readdirSync(join(REPO_ROOT, 'examples', folder))
        .filter((n) => n.endsWith('.yaml'))
        .map((n) => SourceFile.fromText(`${folder}/${n}`, readFileSync(join(REPO_ROOT, 'examples', folder, n), 'utf8'))),
    );
    const results = lintSources({ files, rules, configFor: () => defaultConfig(REPO_ROOT) });
    const findings = results.flatMap((r, i) =>
      r.diagnostics.filter((d) => celRules.has(d.ruleId)).map((d) => ({ d, file: files[i]! })),
    );
    expect(findings.length).toBeGreaterThan(5);
    const unmarked = findings.filter(({ d, file }) => {
      const value = file.documents[d.document]?.value as { apiVersion: string; kind: string };
      const info = catalog.lookup(value.apiVersion, value.kind)!.info;
      return celPlaceAt(catalog.schema(info), parsePath(d.path)) === undefined;
    });
    expect(unmarked.map(({ d, file }) => `${file.path}: ${d.path} ${d.ruleId}`)).toEqual([]);
  });
});
