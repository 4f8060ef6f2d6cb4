import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Validator } from '@cfworker/json-schema';
import { describe, expect, it } from 'vitest';
import { catalog } from '../kinds/catalog.js';
import { SourceFile } from '../source/source-file.js';
import { isJsonObject } from '../source/json-value.js';
import { validateStructure } from '../validate/validator.js';
import { exportJsonSchemas } from './export.js';

// The exported schemas are read here by @cfworker/json-schema (draft-07, standard formats
// checked), a validator that shares no code with the ajv platlint compiles its schemas with.
const examples = fileURLToPath(new URL('../../../../examples/', import.meta.url));

interface ExampleObject {
  where: string;
  apiVersion: string;
  kind: string;
  value: Record<string, unknown>;
}

const realworld = fileURLToPath(new URL('../../../../test/corpus/realworld/', import.meta.url));

/** The objects of every example file of a folder, as platlint reads them (List items one by one). */
function exampleObjects(folder: 'valid' | 'invalid'): ExampleObject[] {
  return objectsIn(`${examples}${folder}/`, folder);
}

/** The objects of catalog kinds in the YAML files below a directory. */
function objectsIn(dir: string, folder: string): ExampleObject[] {
  const out: ExampleObject[] = [];
  const names = (readdirSync(dir, { recursive: true }) as string[]).filter((n) => /\.ya?ml$/.test(n)).sort();
  for (const name of names) {
    const file = SourceFile.fromBytes(name, readFileSync(`${dir}${name}`));
    file.documents.forEach((doc, d) => {
      const value = doc.value;
      if (!isJsonObject(value) || typeof value.apiVersion !== 'string' || typeof value.kind !== 'string') return;
      const match = catalog.lookup(value.apiVersion, value.kind);
      if (!match?.info.lintable) return;
      const items = match.isList ? (Array.isArray(value.items) ? value.items : []) : [value];
      items.forEach((item, i) => {
        if (!isJsonObject(item)) return;
        // An item may leave out its apiVersion and kind (the List's say them); an item of
        // another kind is metadata/list-item-kind's finding, not a structural one.
        const object = { apiVersion: match.info.apiVersion, kind: match.info.kind, ...item };
        if (object.apiVersion !== match.info.apiVersion || object.kind !== match.info.kind) return;
        out.push({
          where: `${folder}/${name} document ${d + 1}${match.isList ? ` item ${i + 1}` : ''}`,
          apiVersion: match.info.apiVersion,
          kind: match.info.kind,
          value: object,
        });
      });
    });
  }
  return out;
}

const validators = new Map<string, Validator>();
/** The independent validator of one kind's exported schema. */
function independent(apiVersion: string, kind: string): Validator {
  const key = `${apiVersion}/${kind}`;
  let validator = validators.get(key);
  if (!validator) {
    const [exported] = exportJsonSchemas([key]);
    validators.set(key, (validator = new Validator(exported!.schema, '7', false)));
  }
  return validator;
}

const failures = (validator: Validator, value: unknown): string[] =>
  validator
    .validate(value)
    .errors.filter((e) => e.keyword !== 'properties' && e.keyword !== 'allOf' && e.keyword !== '$ref')
    .map((e) => `${e.instanceLocation}: ${e.error}`);

describe('JSON Schema export', () => {
  it("exports one schema per kind asked for, annotated with the tree's descriptions and defaults", () => {
    const [deployment, ...rest] = exportJsonSchemas(['Deployment']);
    expect(rest).toEqual([]);
    expect(deployment?.fileName).toBe('deployment-apps-v1.schema.json');
    const text = JSON.stringify(deployment?.schema);
    expect(text).toContain('Number of desired pods');
    expect(text).toContain('"default":1');
  });

  it('writes platform formats as standard JSON Schema: no format name but date-time, patterns and anyOf instead', () => {
    const all = JSON.stringify(exportJsonSchemas().map((s) => s.schema));
    expect([...new Set(all.match(/"format":"[^"]+"/g))]).toEqual(['"format":"date-time"']);
    const authorization = JSON.stringify(exportJsonSchemas(['AuthorizationConfiguration'])[0]!.schema);
    expect(authorization).toContain('A Go duration');
    const deployment = JSON.stringify(exportJsonSchemas(['Deployment'])[0]!.schema);
    expect(deployment).toContain('"anyOf":[{"type":"number"},{"type":"string","pattern"');
  });

  it('every object of examples/valid passes an independent validator', () => {
    const objects = exampleObjects('valid');
    expect(new Set(objects.map((o) => o.kind)).size).toBeGreaterThanOrEqual(14);
    const refused = objects
      .map((o) => ({ where: o.where, failures: failures(independent(o.apiVersion, o.kind), o.value) }))
      .filter((r) => r.failures.length > 0);
    expect(refused).toEqual([]);
  });

  it("judges every object of examples/ as platlint's structural validation does", () => {
    const objects = [...exampleObjects('valid'), ...exampleObjects('invalid')];
    const verdicts = objects.map((o) => ({
      where: o.where,
      platlint: validateStructure(catalog.schema(catalog.lookup(o.apiVersion, o.kind)!.info), o.value).length === 0,
      independent: independent(o.apiVersion, o.kind).validate(o.value).valid,
    }));
    expect(verdicts.filter((v) => v.platlint !== v.independent)).toEqual([]);
    // The invalid examples hold structural mistakes of every sort (types, formats, unknown fields, ranges).
    expect(verdicts.filter((v) => !v.independent).length).toBeGreaterThanOrEqual(10);
  });

  it("judges every object of the real-world corpus as platlint's structural validation does", () => {
    const objects = objectsIn(realworld, 'realworld');
    expect(objects.length).toBeGreaterThan(300);
    const disagreements = objects.filter(
      (o) =>
        (validateStructure(catalog.schema(catalog.lookup(o.apiVersion, o.kind)!.info), o.value).length === 0) !==
        independent(o.apiVersion, o.kind).validate(o.value).valid,
    );
    expect(disagreements.map((o) => o.where)).toEqual([]);
  });

  it('refuses structural mistakes in an independent validator: a Go duration is fine, a wrong one is not', () => {
    const [first] = exampleObjects('valid').filter((o) => o.kind === 'Deployment');
    const validator = independent('apps/v1', 'Deployment');
    expect(validator.validate({ ...first!.value, kind: 'Pod' }).valid).toBe(false);
    expect(validator.validate({ ...first!.value, spec: { ...(first!.value.spec as object), replica: 2 } }).valid).toBe(false);
    const authz = exampleObjects('valid').find((o) => o.kind === 'AuthorizationConfiguration')!;
    const withTimeout = (timeout: unknown) => {
      const value = structuredClone(authz.value) as { authorizers: { type: string; webhook?: Record<string, unknown> }[] };
      const webhook = value.authorizers.find((a) => a.webhook)!.webhook!;
      webhook.timeout = timeout;
      return independent(authz.apiVersion, authz.kind).validate(value).valid;
    };
    expect([withTimeout('3s'), withTimeout('1m30s'), withTimeout('PT3S'), withTimeout('five minutes')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('exports every kind and one schema that picks the kind by apiVersion and kind', () => {
    const all = exportJsonSchemas();
    const combined = all.find((s) => s.fileName === 'platlint.schema.json');
    expect(all.length).toBeGreaterThan(10);
    const validator = new Validator(combined!.schema, '7', false);
    for (const o of exampleObjects('valid')) expect(failures(validator, o.value), o.where).toEqual([]);
    expect(validator.validate({ apiVersion: 'apps/v1', kind: 'Deployment', spec: { replicas: 'two' } }).valid).toBe(false);
  });

  it('refuses a kind it does not know', () => {
    expect(() => exportJsonSchemas(['Nope'])).toThrow(/unknown kind "Nope"/);
  });
});
