import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { exportJsonSchemas } from './export.js';

const example = (name: string): unknown[] => parseAllDocuments(readFileSync(fileURLToPath(new URL(`../../../../examples/${name}`, import.meta.url)), 'utf8')).map((d) => d.toJS() as unknown);

function compile(schema: Record<string, unknown>) {
  // Our formats are platlint's own: other tools ignore them, and so does this check.
  return new Ajv({ strict: false, allErrors: true, validateFormats: false }).compile(schema);
}

describe('JSON Schema export', () => {
  it('exports one schema per kind asked for, annotated with the tree\'s descriptions and defaults', () => {
    const [deployment, ...rest] = exportJsonSchemas(['Deployment']);
    expect(rest).toEqual([]);
    expect(deployment?.fileName).toBe('deployment-apps-v1.schema.json');
    const text = JSON.stringify(deployment?.schema);
    expect(text).toContain('Number of desired pods');
    expect(text).toContain('"default":1');
  });

  it('validates like platlint: valid examples pass, a wrong kind or unknown field fails', () => {
    const validate = compile(exportJsonSchemas(['apps/v1/Deployment'])[0]!.schema);
    for (const doc of example('valid/deployment.yaml')) expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
    const [first] = example('valid/deployment.yaml') as Record<string, unknown>[];
    expect(validate({ ...first, kind: 'Pod' })).toBe(false);
    expect(validate({ ...first, spec: { ...(first!.spec as object), replica: 2 } })).toBe(false);
  });

  it('exports every kind and one schema that picks the kind by apiVersion and kind', () => {
    const all = exportJsonSchemas();
    const combined = all.find((s) => s.fileName === 'platlint.schema.json');
    expect(all.length).toBeGreaterThan(10);
    const validate = compile(combined!.schema);
    for (const file of ['valid/flowschema.yaml', 'valid/mutatingadmissionpolicy.yaml', 'valid/deployment.yaml']) {
      for (const doc of example(file)) expect(validate(doc), `${file}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    expect(validate({ apiVersion: 'apps/v1', kind: 'Deployment', spec: { replicas: 'two' } })).toBe(false);
  });

  it('refuses a kind it does not know', () => {
    expect(() => exportJsonSchemas(['Nope'])).toThrow(/unknown kind "Nope"/);
  });
});
