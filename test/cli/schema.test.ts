// `platlint schema` through the built CLI: its output, read by an independent draft-07
// validator with the standard formats on (@cfworker/json-schema, not the ajv platlint uses),
// accepts the valid examples and refuses structural mistakes the way platlint does.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Validator } from '@cfworker/json-schema';
import { parseAllDocuments } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, removeTempDirs, runCli, tempDir } from './helpers.js';

afterAll(removeTempDirs);

/** The non-List documents of examples/valid (Lists are checked item by item by platlint, not by the kind schemas). */
function validDocuments(): { where: string; value: Record<string, unknown> }[] {
  const dir = join(REPO_ROOT, 'examples/valid');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.yaml'))
    .flatMap((name) =>
      parseAllDocuments(readFileSync(join(dir, name), 'utf8'), { version: '1.1' }).map((doc, i) => ({
        where: `${name} #${i + 1}`,
        value: doc.toJS() as Record<string, unknown>,
      })),
    )
    .filter(({ value }) => value && typeof value.kind === 'string' && !value.kind.endsWith('List'));
}

describe('platlint schema', () => {
  it('prints the combined schema, which an independent validator reads to accept every valid example', () => {
    const result = runCli(['schema']);
    expect(result.status, result.stderr).toBe(0);
    const validator = new Validator(JSON.parse(result.stdout) as object, '7', false);
    const documents = validDocuments();
    expect(documents.length).toBeGreaterThan(30);
    const refused = documents
      .map(({ where, value }) => ({
        where,
        errors: validator
          .validate(value)
          .errors.filter((e) => !['properties', 'allOf', 'then', '$ref', 'items'].includes(e.keyword))
          .map((e) => `${e.instanceLocation}: ${e.error}`),
      }))
      .filter((r) => r.errors.length > 0);
    expect(refused).toEqual([]);
  });

  it('writes one file per kind with --out; a Go duration passes and an ISO 8601 one does not', () => {
    const dir = tempDir();
    const result = runCli(['schema', '--out', dir]);
    expect(result.status, result.stderr).toBe(0);
    const example = validDocuments().find(({ value }) => value.kind === 'AuthorizationConfiguration')!.value;
    const schemas = readdirSync(dir).map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as { title: string });
    expect(schemas.length).toBeGreaterThan(10);
    const validator = new Validator(
      schemas.find((s) => s.title === `AuthorizationConfiguration (${String(example.apiVersion)})`)!,
      '7',
      false,
    );
    const config = (timeout: string) => {
      const value = structuredClone(example) as { authorizers: { webhook?: Record<string, unknown> }[] };
      value.authorizers.find((a) => a.webhook)!.webhook!.timeout = timeout;
      return value;
    };
    expect(validator.validate(config('3s')).valid).toBe(true);
    expect(validator.validate(config('1m30s')).valid).toBe(true);
    expect(validator.validate(config('PT3S')).valid).toBe(false);
  });
});

describe('platlint schema --crd --openapi', () => {
  const examples = join(REPO_ROOT, 'examples/openapi/schemas');

  it("writes each custom kind under kubeconform's file name, and says which template to give kubeconform", () => {
    const dir = tempDir();
    const result = runCli(['schema', '--out', dir, '--crd', join(examples, 'crds'), '--openapi', join(examples, 'openapi')]);
    expect(result.status, result.stderr).toBe(0);
    const custom = readdirSync(dir)
      .filter((name) => !name.endsWith('.schema.json'))
      .sort();
    expect(custom).toEqual(['configmap-v1.json', 'pod-v1.json', 'service-v1.json', 'widget-example-v1.json']);
    const widget = JSON.parse(readFileSync(join(dir, 'widget-example-v1.json'), 'utf8')) as {
      description: string;
      properties: { spec: { required: string[] } };
    };
    // The definition's schema, not the OpenAPI document's (which has no required fields).
    expect(widget.description).toBe('From CustomResourceDefinition widgets.example.com.');
    expect(widget.properties.spec.required).toEqual(['color']);
    expect(runCli(['schema', '--help']).stdout).toContain("-schema-location 'DIR/{{ .ResourceKind }}{{ .KindSuffix }}.json'");
  });

  it('prints one custom kind by name, and refuses OpenAPI documents that are not JSON as a usage error', () => {
    const printed = runCli(['schema', 'Widget', '--crd', join(examples, 'crds')]);
    expect(printed.status, printed.stderr).toBe(0);
    expect((JSON.parse(printed.stdout) as { title: string }).title).toBe('Widget (example.com/v1)');
    const dir = tempDir({ 'bad/doc.json': 'not json' });
    const bad = runCli(['schema', '--openapi', 'bad'], { cwd: dir });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain(`platlint: ${join(dir, 'bad/doc.json')}: not an OpenAPI document (not JSON: `);
  });
});
