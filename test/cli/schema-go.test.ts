// The schemas `platlint schema --out` writes, read by Go tooling (kubeconform and the like,
// whose regular expressions are RE2): every pattern compiles as RE2, and a Go JSON Schema
// validator (test/go-validator, built with Debian's Go and gojsonschema, which .ci/run
// installs) accepts every valid example and skips none. Without Go the second part is skipped,
// except in CI, where a missing Go is a failure rather than a silent pass.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RE2JS } from 're2js';
import { parseAllDocuments } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, removeTempDirs, runCli, tempDir } from './helpers.js';

afterAll(removeTempDirs);

const GO_PATH = '/usr/share/gocode';
const haveGo = spawnSync('go', ['version']).status === 0 && existsSync(join(GO_PATH, 'src/github.com/xeipuuv/gojsonschema'));

interface Exported {
  dir: string;
  /** `apiVersion/kind` → schema file. */
  files: Map<string, string>;
}

/** The custom resources of examples/openapi, exported with `--crd` and `--openapi` beside the built-in kinds. */
const OPENAPI_EXAMPLES = join(REPO_ROOT, 'examples/openapi');
const CUSTOM_ARGS = ['--crd', join(OPENAPI_EXAMPLES, 'schemas/crds'), '--openapi', join(OPENAPI_EXAMPLES, 'schemas/openapi')];

function exportSchemas(extra: readonly string[] = []): Exported {
  const dir = tempDir();
  const result = runCli(['schema', '--out', dir, ...extra]);
  expect(result.status, result.stderr).toBe(0);
  const files = new Map<string, string>();
  for (const name of readdirSync(dir)) {
    // Each kind's file is titled `Kind (apiVersion)`; the file of all kinds has another title.
    const { title } = JSON.parse(readFileSync(join(dir, name), 'utf8')) as { title: string };
    const match = /^(\w+) \((\S+)\)$/.exec(title);
    if (match) files.set(`${match[2]}/${match[1]}`, join(dir, name));
  }
  return { dir, files };
}

/** Every `pattern` and `patternProperties` key in a JSON value, with where it stands. */
function patternsIn(
  value: unknown,
  where: string,
  out: { where: string; pattern: string }[] = [],
): { where: string; pattern: string }[] {
  if (Array.isArray(value)) value.forEach((item, i) => patternsIn(item, `${where}/${i}`, out));
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === 'pattern' && typeof child === 'string') out.push({ where, pattern: child });
      if (key === 'patternProperties' && child && typeof child === 'object')
        for (const p of Object.keys(child)) out.push({ where: `${where}/patternProperties`, pattern: p });
      patternsIn(child, `${where}/${key}`, out);
    }
  }
  return out;
}

describe('exported schemas in Go tooling', () => {
  it("every pattern of every exported schema compiles as RE2, custom resources' too", () => {
    const { dir } = exportSchemas(CUSTOM_ARGS);
    const refused: string[] = [];
    let count = 0;
    for (const name of readdirSync(dir)) {
      for (const { where, pattern } of patternsIn(JSON.parse(readFileSync(join(dir, name), 'utf8')), name)) {
        count++;
        try {
          RE2JS.compile(pattern);
        } catch (error) {
          refused.push(`${where}: ${(error as Error).message}`);
        }
      }
    }
    expect(count).toBeGreaterThan(50);
    expect(refused).toEqual([]);
  });

  it.skipIf(!haveGo && !process.env.CI)(
    'a Go validator accepts every valid example with the exported schemas, skipping none',
    () => {
      const { work, validator } = buildValidator();
      const { files } = exportSchemas(['--crd', join(REPO_ROOT, 'examples/valid')]);
      const examples = join(REPO_ROOT, 'examples/valid');
      const checks: { schema: string; document: string }[] = [];
      const skipped: string[] = [];
      for (const name of readdirSync(examples)
        .filter((n) => n.endsWith('.yaml'))
        .sort()) {
        parseAllDocuments(readFileSync(join(examples, name), 'utf8'), { version: '1.1' }).forEach((doc, i) => {
          const value = doc.toJS() as { apiVersion?: string; kind?: string; items?: unknown[] } | null;
          if (!value?.kind) return;
          // Lists are checked item by item, as platlint and kubeconform do.
          const objects = value.kind.endsWith('List') && Array.isArray(value.items) ? value.items : [value];
          objects.forEach((object, j) => {
            const { apiVersion, kind } = object as { apiVersion?: string; kind?: string };
            const schema = files.get(`${apiVersion}/${kind}`);
            const document = join(work, `${name}-${i}-${j}.json`);
            if (!schema) return void skipped.push(`${name} #${i + 1}: ${apiVersion}/${kind}`);
            writeFileSync(document, JSON.stringify(object));
            checks.push({ schema, document });
          });
        });
      }
      expect(skipped).toEqual([]);
      expect(checks.length).toBeGreaterThan(30);
      const run = spawnSync(validator, [], { input: JSON.stringify(checks), encoding: 'utf8', maxBuffer: 64 << 20 });
      expect(run.status, run.stderr).toBe(0);
      const invalid = (JSON.parse(run.stdout) as { document: string; errors: string[] }[]).filter((r) => r.errors.length > 0);
      expect(invalid).toEqual([]);
    },
  );

  it.skipIf(!haveGo && !process.env.CI)(
    'a Go validator finds the kubeconform file of every custom resource of examples/openapi, accepts the valid ones and refuses the invalid ones',
    () => {
      const { work, validator } = buildValidator();
      const dir = tempDir();
      expect(runCli(['schema', '--out', dir, ...CUSTOM_ARGS]).status).toBe(0);
      const checksOf = (sub: string) => {
        const checks: { schema: string; document: string }[] = [];
        const skipped: string[] = [];
        for (const name of readdirSync(join(OPENAPI_EXAMPLES, sub)).sort()) {
          parseAllDocuments(readFileSync(join(OPENAPI_EXAMPLES, sub, name), 'utf8'), { version: '1.1' }).forEach((doc, i) => {
            const object = doc.toJS() as { apiVersion: string; kind: string };
            // kubeconform's schemaPath: the kind in lower case, `-` and the group's first dot-separated part, `-` and the version.
            const [group, version] = object.apiVersion.includes('/') ? object.apiVersion.split('/') : ['', object.apiVersion];
            const schema = join(dir, `${object.kind.toLowerCase()}${group ? `-${group.split('.')[0]}` : ''}-${version}.json`);
            const document = join(work, `${sub}-${name}-${i}.json`);
            if (!existsSync(schema)) return void skipped.push(`${sub}/${name} #${i + 1}: ${schema}`);
            writeFileSync(document, JSON.stringify(object));
            checks.push({ schema, document });
          });
        }
        expect(skipped).toEqual([]);
        const run = spawnSync(validator, [], { input: JSON.stringify(checks), encoding: 'utf8' });
        expect(run.status, run.stderr).toBe(0);
        return JSON.parse(run.stdout) as { document: string; errors: string[] }[];
      };
      const valid = checksOf('valid');
      expect(valid.length).toBe(4);
      expect(valid.filter((r) => r.errors.length > 0)).toEqual([]);
      const invalid = checksOf('invalid');
      expect(invalid.length).toBe(10);
      expect(invalid.filter((r) => r.errors.length === 0).map((r) => r.document)).toEqual([]);
    },
  );
});

/** Builds test/go-validator with Debian's Go and gojsonschema, offline. */
function buildValidator(): { work: string; validator: string } {
  expect(haveGo, "CI needs Debian's golang-go and golang-github-xeipuuv-gojsonschema-dev (.ci/run installs them)").toBe(true);
  const work = tempDir();
  const validator = join(work, 'validator');
  execFileSync('go', ['build', '-o', validator, '.'], {
    cwd: join(REPO_ROOT, 'test/go-validator'),
    env: { ...process.env, GOPATH: GO_PATH, GO111MODULE: 'off', GOFLAGS: '', GOCACHE: join(work, 'go-cache') },
  });
  return { work, validator };
}
