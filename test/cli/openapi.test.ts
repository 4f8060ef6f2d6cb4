// `platlint lint --openapi DIR` (and `openapi:` in platlint.config.yaml): the platform's OpenAPI
// v3 documents (test/fixtures/openapi: a small set in the server's shape) make the kinds
// platlint has no rules for checked for what the API server refuses when it decodes an object
// of a built-in type: wrong types and unknown fields (kubectl's strict field validation;
// upstream apimachinery pkg/runtime/serializer/json, strict decoding), integers beyond
// int32/int64 (encoding/json into a Go int32), quantities (resource/quantity.go
// UnmarshalJSON, ParseQuantity), int-or-strings (intstr.go UnmarshalJSON) and base64 bytes.
// `required` and enums of built-in types are not the decoder's: nothing is reported for them.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lintJson, REPO_ROOT, removeTempDirs, runCli, tempDir } from './helpers.js';

afterAll(removeTempDirs);

const OPENAPI = join(REPO_ROOT, 'test/fixtures/openapi');
const WIDGET_CRD = join(REPO_ROOT, 'test/fixtures/openapi-crd/widget-crd.yaml');

const VALID = `apiVersion: v1
kind: Service
metadata: {name: web, labels: {app: web}}
spec:
  type: ClusterIP
  selector: {app: web}
  ports:
    - {port: 80, targetPort: http}
    - {port: 443, targetPort: 8443, protocol: TCP}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: settings}
data: {mode: fast}
binaryData: {blob: aGVsbG8=}
---
apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  terminationGracePeriodSeconds: 9007199254740991
  containers:
    - name: web
      image: nginx:1.27
      resources: {limits: {cpu: 1.5, memory: 512Mi}, requests: {cpu: 250m}}
`;

const INVALID = `apiVersion: v1
kind: Service
metadata: {name: bad}
spec:
  selector: app
  ports:
    - port: 3000000000
      targetPort: 1.5
      tagetPort: 8080
---
apiVersion: v1
kind: ConfigMap
metadata: {name: cfg}
data: {a: "1", b: 2}
binaryData: {x: "not base64!"}
---
apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  containers:
    - image: nginx
      resources: {limits: {memory: "1.5 Gi"}}
  terminationGracePeriodSeconds: "30"
  restartPolicy: Sometimes
`;

/** What the server refuses in INVALID, by path (and nothing for the missing container name or the restartPolicy outside the enum). */
const REFUSED = [
  ['schema/type', 'spec.selector', 'must be a mapping, not "app"'],
  ['schema/range', 'spec.ports[0].port', '3000000000 is out of range: must be at most 2147483647'],
  ['schema/type', 'spec.ports[0].targetPort', 'must be an integer or a string, not the number 1.5'],
  ['schema/unknown-field', 'spec.ports[0].tagetPort', 'unknown field "tagetPort"; did you mean "targetPort"?'],
  ['schema/type', 'data.b', 'must be a string, not the number 2'],
  ['schema/format', 'binaryData.x', '"not base64!" is not base64-encoded data'],
  ['schema/format', 'spec.containers[0].resources.limits.memory', '"1.5 Gi" is not a quantity such as 500m or 1Gi'],
  ['schema/type', 'spec.terminationGracePeriodSeconds', 'must be an integer, not "30"'],
];

const findings = (report: ReturnType<typeof lintJson>['report']) =>
  report.files.flatMap((f) => f.diagnostics.map((d) => [d.ruleId, d.path, d.message]));

describe('platlint lint --openapi', () => {
  it('without OpenAPI documents, a kind platlint has no rules for is information that says how to check it', () => {
    const dir = tempDir({ 'm.yaml': INVALID });
    const { status, report } = lintJson(['m.yaml'], { cwd: dir });
    expect(status).toBe(0);
    const hint =
      "(to check the platform's other kinds, give its OpenAPI documents: --openapi DIR, or openapi: in platlint.config.yaml; `platlint schema pull` saves them)";
    expect(findings(report)).toEqual([
      ['document/unknown-kind', 'kind', `Service (v1) is not a kind platlint checks; skipped ${hint}`],
      ['document/unknown-kind', 'kind', `ConfigMap (v1) is not a kind platlint checks; skipped ${hint}`],
      ['document/unknown-kind', 'kind', `Pod (v1) is not a kind platlint checks; skipped ${hint}`],
    ]);
  });

  it('checks Service, ConfigMap and Pod for what the server refuses on decoding, not for required fields or enums', () => {
    const dir = tempDir({ 'm.yaml': INVALID });
    const { status, report } = lintJson(['--openapi', OPENAPI, 'm.yaml'], { cwd: dir });
    expect(status).toBe(1);
    expect(findings(report)).toEqual(REFUSED);
    const line = (path: string) => report.files[0]?.diagnostics.find((d) => d.path === path)?.range.start.line;
    expect([line('spec.selector'), line('data.b'), line('spec.terminationGracePeriodSeconds')]).toEqual([5, 14, 24]);
  });

  it('finds valid objects clean: int-or-strings, number and string quantities, base64, an int64 up to 2^53', () => {
    const dir = tempDir({ 'm.yaml': VALID });
    const { status, report } = lintJson(['--openapi', OPENAPI, 'm.yaml'], { cwd: dir });
    expect(findings(report)).toEqual([]);
    expect(status).toBe(0);
  });

  it('reads openapi: from platlint.config.yaml, relative to the configuration', () => {
    const dir = tempDir({
      'repo/platlint.config.yaml': `openapi:\n  - ${join('..', 'shared-schemas')}\n`,
      'repo/m.yaml': INVALID,
      'shared-schemas/core.json': readFileSync(join(OPENAPI, 'api__v1.json'), 'utf8'),
    });
    const { status, report } = lintJson(['m.yaml'], { cwd: join(dir, 'repo') });
    expect(status).toBe(1);
    expect(findings(report)).toEqual(REFUSED);
  });

  it('gives every thread of a parallel run the same kinds', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 6; i++) files[`m${i}.yaml`] = INVALID;
    const dir = tempDir(files);
    const { report } = lintJson(['--workers', '3', '--openapi', OPENAPI, '.'], { cwd: dir });
    expect(report.files.map((f) => f.diagnostics.length)).toEqual(Array(6).fill(REFUSED.length));
  });

  it('checks the items of a List of an OpenAPI kind one by one', () => {
    const dir = tempDir({ 'l.yaml': 'apiVersion: v1\nkind: ConfigMapList\nitems:\n  - metadata: {name: a}\n    data: {x: 1}\n' });
    const { report } = lintJson(['--openapi', OPENAPI, 'l.yaml'], { cwd: dir });
    expect(findings(report)).toEqual([['schema/type', 'items[0].data.x', 'must be a string, not the number 1']]);
  });

  it('leaves the kinds platlint has rules for to their own schema', () => {
    // A document that says a Deployment's replicas are a string: the built-in schema stays authoritative.
    const doc = JSON.parse(readFileSync(join(OPENAPI, 'api__v1.json'), 'utf8')) as {
      paths: unknown;
      components: { schemas: Record<string, unknown> };
    };
    const apps = {
      ...doc,
      paths: {},
      components: {
        schemas: {
          'io.k8s.api.apps.v1.Deployment': {
            type: 'object',
            properties: { spec: { type: 'object', properties: { replicas: { type: 'string' } } } },
            'x-kubernetes-group-version-kind': [{ group: 'apps', version: 'v1', kind: 'Deployment' }],
          },
        },
      },
    };
    const deployment =
      'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\nspec:\n  replicas: "two"\n  selector: {matchLabels: {app: d}}\n  template:\n    metadata: {labels: {app: d}}\n    spec: {containers: [{name: c, image: nginx}]}\n';
    const dir = tempDir({ 'schemas/apps.json': JSON.stringify(apps), 'd.yaml': deployment });
    const without = lintJson(['d.yaml'], { cwd: dir });
    const withDocs = lintJson(['--openapi', 'schemas', 'd.yaml'], { cwd: dir });
    expect(findings(without.report)).toContainEqual(['schema/type', 'spec.replicas', 'must be an integer, not "two"']);
    expect(findings(withDocs.report)).toEqual(findings(without.report));
  });

  it("takes a custom resource's kind from its CustomResourceDefinition when the OpenAPI documents describe it too", () => {
    const widget =
      'apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec: {size: big, color: "#00ff00", weight: 2Gi, port: 8080}\n';
    const dir = tempDir({ 'w.yaml': widget });
    // The document alone types size as an integer.
    expect(findings(lintJson(['--openapi', OPENAPI, 'w.yaml'], { cwd: dir }).report)).toEqual([
      ['schema/type', 'spec.size', 'must be an integer, not "big"'],
      ['schema/unknown-field', 'spec.weight', 'unknown field "weight"'],
      ['schema/unknown-field', 'spec.port', 'unknown field "port"'],
    ]);
    // With the definition, the definition decides (its enum and required field included).
    expect(findings(lintJson(['--openapi', OPENAPI, '--crd', WIDGET_CRD, 'w.yaml'], { cwd: dir }).report)).toEqual([]);
    const bad = tempDir({ 'w.yaml': 'apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec: {size: 3}\n' });
    expect(
      findings(lintJson(['--openapi', OPENAPI, '--crd', WIDGET_CRD, 'w.yaml'], { cwd: bad }).report).map(
        ([rule, path]) => `${rule} ${path}`,
      ),
    ).toEqual(['schema/required spec.color', 'schema/enum spec.size', 'schema/type spec.size']);
  });

  it('refuses a kind two documents describe differently, naming both files', () => {
    const changed = readFileSync(join(OPENAPI, 'api__v1.json'), 'utf8').replace(
      '"immutable": {\n            "type": "boolean"',
      '"immutable": {\n            "type": "string"',
    );
    const dir = tempDir({
      'a/api__v1.json': readFileSync(join(OPENAPI, 'api__v1.json'), 'utf8'),
      'b/api__v1.json': changed,
      'm.yaml': VALID,
    });
    expect(changed).not.toBe(readFileSync(join(OPENAPI, 'api__v1.json'), 'utf8'));
    const result = runCli(['lint', '--openapi', 'a', '--openapi', 'b', 'm.yaml'], { cwd: dir });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(
      `platlint: ConfigMap (v1) is defined twice, differently: by ${join(dir, 'a/api__v1.json')} (io.k8s.api.core.v1.ConfigMap) and by ${join(dir, 'b/api__v1.json')} (io.k8s.api.core.v1.ConfigMap); keep one definition`,
    );
    // The same documents twice (a directory named by --openapi and by the configuration) are one.
    expect(runCli(['lint', '--openapi', 'a', '--openapi', 'a/api__v1.json', 'm.yaml'], { cwd: dir }).status).toBe(0);
  });

  it('says which file of a directory is no JSON, and which path does not exist, without a stack trace', () => {
    const dir = tempDir({ 'schemas/api__v1.json': '{"openapi": "3.0.0", "components": ', 'm.yaml': VALID });
    const broken = runCli(['lint', '--openapi', 'schemas', 'm.yaml'], { cwd: dir });
    expect(broken.status).toBe(2);
    expect(broken.stderr).toMatch(
      new RegExp(`^platlint: ${join(dir, 'schemas/api__v1.json').replace(/[.]/g, '\\.')}: not an OpenAPI document \\(not JSON: `),
    );
    expect(broken.stderr).not.toMatch(/\n\s+at /);
    const missing = runCli(['lint', '--openapi', 'nowhere', 'm.yaml'], { cwd: dir });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain(`platlint: ${join(dir, 'nowhere')}: no such file or directory (OpenAPI documents)`);
  });

  it('refuses a document whose references expand without bound, or that nests without end, naming the kind', () => {
    const kind = { 'x-kubernetes-group-version-kind': [{ group: 'example.com', version: 'v1', kind: 'Blowup' }] };
    // Each level refers to the next twice: 2^40 schemas once the references are inlined.
    const doubling: Record<string, unknown> = {
      root: { type: 'object', properties: { a: { $ref: '#/components/schemas/t0' } }, ...kind },
    };
    for (let i = 0; i < 40; i++)
      doubling[`t${i}`] = {
        type: 'object',
        properties: { left: { $ref: `#/components/schemas/t${i + 1}` }, right: { $ref: `#/components/schemas/t${i + 1}` } },
      };
    // Written as text: JSON.stringify itself would run out of stack on it.
    const deep = `{"openapi":"3.0.0","components":{"schemas":{"root":{"x-kubernetes-group-version-kind":[{"group":"example.com","version":"v1","kind":"Blowup"}],${'"type":"object","properties":{"x":{'.repeat(5000)}"type":"string"${'}}'.repeat(5000)}}}}}`;
    const dir = tempDir({
      'doubling/d.json': JSON.stringify({ openapi: '3.0.0', components: { schemas: doubling } }),
      'deep/d.json': deep,
      'm.yaml': VALID,
    });
    const expanded = runCli(['lint', '--openapi', 'doubling', 'm.yaml'], { cwd: dir });
    expect(expanded.status).toBe(2);
    expect(expanded.stderr).toContain(
      `platlint: ${join(dir, 'doubling/d.json')}: the schema of Blowup (example.com/v1) expands to more than 250000 schemas once its references are followed; not a document platlint can read`,
    );
    const nested = runCli(['lint', '--openapi', 'deep', 'm.yaml'], { cwd: dir });
    expect(nested.status).toBe(2);
    expect(nested.stderr).toContain(
      `platlint: ${join(dir, 'deep/d.json')}: the schema of Blowup (example.com/v1) is nested more than 200 levels deep; not a document platlint can read`,
    );
    expect(expanded.stderr + nested.stderr).not.toMatch(/\n\s+at /);
  });

  it('with --cache, findings follow a change of the documents', () => {
    const text = readFileSync(join(OPENAPI, 'api__v1.json'), 'utf8');
    const dir = tempDir({
      'schemas/api__v1.json': text,
      'm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\nimmutable: "yes"\n',
    });
    const args = ['--cache', '--cache-location', join(dir, 'cache.json'), '--openapi', 'schemas', 'm.yaml'];
    expect(findings(lintJson(args, { cwd: dir }).report)).toEqual([['schema/type', 'immutable', 'must be a boolean, not "yes"']]);
    writeFileSync(
      join(dir, 'schemas/api__v1.json'),
      text.replace('"immutable": {\n            "type": "boolean"', '"immutable": {\n            "type": "string"'),
    );
    expect(findings(lintJson(args, { cwd: dir }).report)).toEqual([]);
  });

  it('is described in --help', () => {
    const help = runCli(['lint', '--help']).stdout;
    expect(help).toContain('--openapi DIR');
    expect(help).toContain('platlint schema pull');
  });

  it('examples/openapi, linted from its directory: valid/ is clean and each document of invalid/ draws the finding it announces', () => {
    const examples = join(REPO_ROOT, 'examples/openapi');
    const valid = lintJson(['valid'], { cwd: examples });
    expect(valid.report.files.flatMap((f) => f.diagnostics)).toEqual([]);
    expect(valid.report.files.length).toBeGreaterThanOrEqual(4);
    const invalid = lintJson(['invalid'], { cwd: examples });
    const missed: string[] = [];
    for (const file of invalid.report.files) {
      const documents = readFileSync(join(examples, file.path), 'utf8').split(/^---$/m);
      documents.forEach((text, index) => {
        const [, rule, path] = /# expect (\S+) at (\S+)/.exec(text) ?? [];
        const found = file.diagnostics.filter((d) => d.document === index).map((d) => `${d.ruleId} ${d.path}`);
        if (!rule || found.join() !== `${rule} ${path}`)
          missed.push(`${file.path} #${index + 1}: expected ${rule} at ${path}, got ${found.join(', ') || 'nothing'}`);
      });
    }
    expect(missed).toEqual([]);
    expect(invalid.report.summary.errors).toBe(10);
  });
});
