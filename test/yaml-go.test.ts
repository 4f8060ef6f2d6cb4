// The YAML the platform reads, as the platform reads it: for every real-world file and
// example that is a manifest, platlint reports a YAML error (yaml/syntax, yaml/tab-indent,
// yaml/alias-limit) exactly when the platform's own reader refuses the file. The reader is
// go-yaml v2, the one sigs.k8s.io/yaml forks for the server and kubectl (test/go-yaml, built
// with Debian's Go and go-yaml, which .ci/run installs). Without them the test is skipped,
// except in CI, where a missing Go is a failure rather than a silent pass.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SourceFile } from '@platlint/core';
import { random } from '@platlint/core/testing';
import { REPO_ROOT, lintJson, removeTempDirs, tempDir } from './cli/helpers.js';

afterAll(removeTempDirs);

const GO_PATH = '/usr/share/gocode';
const haveGo = spawnSync('go', ['version']).status === 0 && existsSync(join(GO_PATH, 'src/gopkg.in/yaml.v2'));
const YAML_ERRORS = new Set(['yaml/syntax', 'yaml/tab-indent', 'yaml/alias-limit']);
// Files platlint skips as another tool's: their YAML is that tool's business.
const SKIPPED = new Set(['document/not-manifest', 'file/helm-template']);

function buildReader(): string {
  const work = tempDir();
  const reader = join(work, 'go-yaml');
  execFileSync('go', ['build', '-o', reader, '.'], {
    cwd: join(REPO_ROOT, 'test/go-yaml'),
    env: { ...process.env, GOPATH: GO_PATH, GO111MODULE: 'off', GOFLAGS: '', GOCACHE: join(work, 'go-cache') },
  });
  return reader;
}

/** What go-yaml says of each file: `ok` (with its documents as JSON) or `error: ...`. */
interface GoReading {
  path: string;
  verdict: string;
  /** The documents as a JSON array, for a file it reads (empty when JSON cannot hold them). */
  values: string;
}

/** go-yaml's reading of `paths` (from the repository's root, or absolute). */
function readWithGo(reader: string, paths: readonly string[]): GoReading[] {
  const out = execFileSync(reader, { cwd: REPO_ROOT, input: paths.join('\n'), maxBuffer: 1 << 28 }).toString();
  return out
    .trim()
    .split('\n')
    .map((line) => {
      const [path = '', verdict = '', values = ''] = line.split('\t');
      return { path, verdict, values };
    });
}

/** A YAML error of platlint's, as the platform's refusal of a file would show. */
const isYamlError = (d: { severity: string; ruleId: string }): boolean => d.severity === 'error' && YAML_ERRORS.has(d.ruleId);

function expectGo(): void {
  expect(haveGo, "CI needs Debian's golang-go and golang-gopkg-yaml.v2-dev (.ci/run installs them)").toBe(true);
}

describe.skipIf(!haveGo && !process.env.CI)("YAML errors agree with the platform's reader (go-yaml v2)", () => {
  // Each directory, with how many manifest files it holds at least and how many of them the
  // platform refuses at least (the agreement is not one of silence). test/go-yaml/cases holds
  // the constructs where go-yaml and `yaml` part ways.
  it.each([
    ['test/corpus/realworld', 1_000, 6],
    ['examples', 20, 0],
    ['test/go-yaml/cases', 4, 1],
  ])(
    'on every manifest file of %s',
    (dir, files, refusedAtLeast) => {
      expectGo();
      const reader = buildReader();
      const { report } = lintJson([dir, '--workers', '1'], { cwd: REPO_ROOT, timeout: 120_000 });
      const ours = new Map<string, boolean>();
      for (const file of report.files) {
        if (file.diagnostics.some((d) => SKIPPED.has(d.ruleId))) continue;
        ours.set(file.path, file.diagnostics.some(isYamlError));
      }
      const disagreements: string[] = [];
      for (const { path, verdict } of readWithGo(reader, [...ours.keys()])) {
        const refused = verdict !== 'ok';
        if (refused !== ours.get(path))
          disagreements.push(
            `${path}: go-yaml says ${verdict}; platlint ${ours.get(path) ? 'reports' : 'reports no'} YAML error`,
          );
      }
      expect(disagreements).toEqual([]);
      expect(ours.size).toBeGreaterThanOrEqual(files);
      expect([...ours.values()].filter(Boolean).length).toBeGreaterThanOrEqual(refusedAtLeast);
    },
    180_000,
  );

  // Where both read a file, they read the same values. Values as platlint's checks see them:
  // a mapping's null entries left out (Go decodes a null field as its zero value), keys in
  // any order.
  const KNOWN_VALUE_DIFFERENCES: Record<string, string[]> = {
    // A block scalar that ends the text with no line break after it: go-yaml's clip keeps no
    // line break (there is none to keep), `yaml` and js-yaml add one. Left as it is for now.
    'test/corpus/realworld': [
      'test/corpus/realworld/kubernetes-examples/AI/vllm-deployment/hpa/prometheus-rule.yaml',
      'test/corpus/realworld/microservices-demo/kustomize/components/google-cloud-operations/otel-collector.yaml',
    ],
  };
  it.each([['test/corpus/realworld'], ['examples'], ['test/go-yaml/cases']])(
    'reads the values go-yaml reads, file by file, in %s',
    (dir) => {
      expectGo();
      const { report } = lintJson([dir, '--workers', '1'], { cwd: REPO_ROOT, timeout: 120_000 });
      const { differing, compared } = compareValues(
        readWithGo(
          buildReader(),
          report.files.map((f) => f.path),
        ),
      );
      expect(differing).toEqual(KNOWN_VALUE_DIFFERENCES[dir] ?? []);
      expect(compared).toBeGreaterThanOrEqual(dir === 'test/corpus/realworld' ? 1_000 : 3);
    },
    180_000,
  );

  // Quoted scalars and flow collections whose lines go on at any indentation, under block
  // mappings and sequences: platlint reports a YAML error exactly where go-yaml refuses the
  // text, and reads the values go-yaml reads everywhere else. go-yaml's scanner checks no
  // indentation in flow context (scannerc.go: yaml_parser_roll_indent and
  // yaml_parser_unroll_indent return at once when flow_level > 0), and in a quoted scalar
  // only for a document marker (yaml_parser_scan_flow_scalar).
  it('on seeded texts whose quoted scalars and flow collections go on at any indentation (scannerc.go: yaml_parser_unroll_indent, yaml_parser_scan_flow_scalar)', () => {
    expectGo();
    const reader = buildReader();
    const dir = tempDir();
    const next = random(20261128);
    for (let i = 0; i < 300; i++) writeFileSync(join(dir, `case-${i}.yaml`), flowCase(next));
    const { report } = lintJson([dir, '--workers', '1'], { cwd: dir, timeout: 120_000 });
    const refusedByUs = new Map(report.files.map((f) => [resolve(dir, f.path), f.diagnostics.some(isYamlError)]));
    const readings = readWithGo(reader, [...refusedByUs.keys()]);
    const disagreements: string[] = [];
    let readByBoth = 0;
    for (const { path, verdict } of readings) {
      if ((verdict !== 'ok') !== refusedByUs.get(path))
        disagreements.push(`${readFileSync(path, 'utf8')}: go-yaml says ${verdict}`);
      else if (verdict === 'ok') readByBoth++;
    }
    expect(disagreements.slice(0, 5)).toEqual([]);
    expect(compareValues(readings).differing).toEqual([]);
    // Both outcomes are met: the texts are not all read, nor all refused.
    expect(readByBoth).toBeGreaterThan(50);
    expect(readByBoth).toBeLessThan(290);
  }, 180_000);
});

/** The files that go-yaml (as `readings` say) and platlint both read, but to other values. */
function compareValues(readings: readonly GoReading[]): { differing: string[]; compared: number } {
  const differing: string[] = [];
  let compared = 0;
  for (const { path, verdict, values } of readings) {
    if (verdict !== 'ok' || values === '') continue;
    const ours = SourceFile.fromText(path, readFileSync(resolve(REPO_ROOT, path), 'utf8'));
    // A file platlint refuses is the business of the tests of verdicts.
    if (ours.diagnostics.some((d) => d.severity === 'error')) continue;
    compared++;
    const read = ours.documents.filter((d) => !(d.value === null && d.start === d.end)).map((d) => d.value);
    if (JSON.stringify(canonical(read)) !== JSON.stringify(canonical(JSON.parse(values)))) differing.push(path);
  }
  return { differing, compared };
}

/**
 * A ConfigMap whose data holds a quoted scalar or a flow collection going on over lines
 * indented at random, some of them document markers.
 */
function flowCase(next: () => number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  // Now and then a line of its own is a document marker, which go-yaml refuses inside a scalar or collection.
  const indent = (): string => (next() < 0.04 ? pick(['---\n', '...\n']) : '') + ' '.repeat(Math.floor(next() * 6));
  const value = pick([
    () => `"a${pick(['', ' \\\\', ' x'])}\n${indent()}b${pick(['', ' c'])}\n${indent()}"`,
    () => `'a\n${indent()}b'`,
    () => `[a,\n${indent()}b,\n${indent()}"c\n${indent()}d"\n${indent()}]`,
    () => `{a: 1,\n${indent()}b: [x,\n${indent()}y]\n${indent()}}`,
  ])();
  const holder = pick([
    (v: string) => `data:\n  k: ${v}\n  after: z\n`,
    (v: string) => `data:\n  list:\n  - ${v}\n  - z\n`,
    (v: string) => `data:\n  deeper:\n    k: ${v}\n`,
  ])(value);
  return `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n${holder}`;
}

/** A JSON value with its mappings' keys sorted and their null entries left out. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== null) out[key] = canonical(item);
  }
  return out;
}
