// Runs the CEL conformance data (cel-spec tests/simple/testdata, copied into cel-spec-tests/) through our environment
// and fails when a file's pass count drops below the checked-in baseline.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Optional } from '@marcbachmann/cel-js';
import { UnsignedInt } from '@marcbachmann/cel-js/evaluator';
import { describe, expect, it } from 'vitest';
import { CelEnvironment, type VariableDecl } from '../env/environment.js';
import { parseTextProto, text, type TextMessage, type TextValue } from './textproto.js';

const here = dirname(fileURLToPath(import.meta.url));
const dataDir = join(here, 'cel-spec-tests');
const baselinePath = join(here, 'baseline.json');

class Skip extends Error {}

const PRIMITIVES: Record<string, string> = {
  INT64: 'int',
  UINT64: 'uint',
  DOUBLE: 'double',
  STRING: 'string',
  BOOL: 'bool',
  BYTES: 'bytes',
};

function celType(t: TextMessage | undefined): string {
  if (!t) return 'dyn';
  const prim = t.get('primitive');
  if (prim && typeof prim === 'object' && 'enum' in prim) return PRIMITIVES[prim.enum] ?? 'dyn';
  const list = t.message('list_type');
  if (list) return `list<${celType(list.message('elem_type'))}>`;
  const map = t.message('map_type');
  if (map) return `map<${celType(map.message('key_type'))}, ${celType(map.message('value_type'))}>`;
  if (t.get('dyn') !== undefined) return 'dyn';
  throw new Skip('declares a protobuf message or well-known type');
}

function toValue(v: TextMessage): unknown {
  const [kind, raw] = v.fields[0] ?? [];
  switch (kind) {
    case 'int64_value':
      return BigInt(raw as string);
    case 'uint64_value':
      return new UnsignedInt(BigInt(raw as string));
    case 'double_value':
      return typeof raw === 'number' ? raw : Number(raw);
    case 'string_value':
      return text(raw);
    case 'bytes_value':
      return raw;
    case 'bool_value':
      return raw;
    case 'null_value':
      return null;
    case 'list_value':
      return (raw as TextMessage).messages('values').map(toValue);
    case 'map_value': {
      const out = new Map<unknown, unknown>();
      for (const e of (raw as TextMessage).messages('entries'))
        out.set(toValue(e.message('key') as TextMessage), toValue(e.message('value') as TextMessage));
      return out;
    }
    case 'type_value':
      return { typeName: text(raw) };
    default:
      throw new Skip(`expects a ${kind ?? 'missing'} value (protobuf messages and enums are not supported)`);
  }
}

function mapEntries(v: unknown): [unknown, unknown][] | null {
  if (v instanceof Map) return [...v.entries()];
  if (v && typeof v === 'object' && (v.constructor === Object || v.constructor === undefined)) return Object.entries(v);
  return null;
}

function same(actual: unknown, expected: unknown): boolean {
  if (expected instanceof UnsignedInt) return actual instanceof UnsignedInt && actual.valueOf() === expected.valueOf();
  if (typeof expected === 'number')
    return (
      typeof actual === 'number' &&
      (Object.is(actual, expected) || actual === expected || (Number.isNaN(actual) && Number.isNaN(expected)))
    );
  if (typeof expected === 'bigint' || typeof expected === 'string' || typeof expected === 'boolean' || expected === null)
    return actual === expected;
  if (expected instanceof Uint8Array)
    return actual instanceof Uint8Array && actual.length === expected.length && actual.every((b, i) => b === expected[i]);
  if (Array.isArray(expected))
    return Array.isArray(actual) && actual.length === expected.length && actual.every((a, i) => same(a, expected[i]));
  if (expected && typeof expected === 'object' && 'typeName' in expected) {
    const name = (actual as { name?: string } | null)?.name;
    return name === (expected as { typeName: string }).typeName;
  }
  const want = mapEntries(expected);
  const got = mapEntries(actual);
  if (!want || !got || want.length !== got.length) return false;
  return want.every(([k, v]) => got.some(([gk, gv]) => (same(gk, k) || String(gk) === String(k)) && same(gv, v)));
}

const PROTO_HINTS =
  /TestAllTypes|NestedTestAllTypes|google\.protobuf\.|cel\.expr\.conformance|proto[23]\.|\.Value\{|Duration\{|Timestamp\{/;

function runCase(test: TextMessage): 'pass' | 'fail' | string {
  const expr = text(test.get('expr')) ?? '';
  try {
    if (test.get('container')) throw new Skip('uses a protobuf container');
    if (PROTO_HINTS.test(expr)) throw new Skip('constructs or reads protobuf messages');
    const variables: VariableDecl[] = [];
    for (const decl of test.messages('type_env')) {
      const name = text(decl.get('name')) as string;
      const ident = decl.message('ident');
      if (!ident) throw new Skip('declares functions');
      variables.push({ name, type: celType(ident.message('type')) });
    }
    const activation: Record<string, unknown> = {};
    for (const b of test.messages('bindings')) {
      const key = text(b.get('key')) as string;
      const value = b.message('value')?.message('value');
      if (!value) throw new Skip('binds a non-value');
      activation[key] = toValue(value);
      if (!variables.some((v) => v.name === key)) variables.push({ name: key, type: 'dyn' });
    }
    const expected = test.message('value');
    const wantError = test.get('eval_error') !== undefined || test.get('any_eval_errors') !== undefined;
    if (test.get('unknown') !== undefined || test.get('typed_result') !== undefined)
      throw new Skip('expects unknowns or a typed result');
    // A test without an expectation expects `true`.
    const wantValue = expected ? toValue(expected) : wantError ? undefined : true;

    const env = new CelEnvironment({ variables, heterogeneousLiterals: true, celSpecFormat: true });
    const compiled = env.compile(expr);
    if (!compiled.ok) return wantError ? 'pass' : 'fail';
    let actual: unknown;
    try {
      actual = compiled.program.evaluate(activation);
    } catch {
      return wantError ? 'pass' : 'fail';
    }
    if (wantError) return 'fail';
    if (actual instanceof Optional) return 'fail';
    return same(actual, wantValue) ? 'pass' : 'fail';
  } catch (e) {
    if (e instanceof Skip) return e.message;
    return 'fail';
  }
}

interface FileResult {
  pass: number;
  fail: number;
  skipped: Record<string, number>;
  /** `section/test` names of the passing cases. */
  passed: string[];
  failed: string[];
}

function runFile(path: string): FileResult {
  const file = parseTextProto(readFileSync(path, 'utf8'));
  const result: FileResult = { pass: 0, fail: 0, skipped: {}, passed: [], failed: [] };
  for (const section of file.messages('section')) {
    for (const test of section.messages('test')) {
      const name = `${text(section.get('name'))}/${text(test.get('name'))}`;
      const outcome = runCase(test);
      if (outcome === 'pass') {
        result.pass++;
        result.passed.push(name);
      } else if (outcome === 'fail') {
        result.fail++;
        result.failed.push(`${name}: ${text(test.get('expr'))}`);
      } else result.skipped[outcome] = (result.skipped[outcome] ?? 0) + 1;
    }
  }
  return result;
}

// The baseline names every case that passed when it was recorded, so a case that stops
// passing fails the run even when another one starts passing in the same file.
describe('CEL conformance', () => {
  const files = readdirSync(dataDir)
    .filter((f) => f.endsWith('.textproto'))
    .sort();
  const baseline = JSON.parse(readFileSync(baselinePath, 'utf8')) as Record<string, string[]>;
  const results: Record<string, FileResult> = {};

  it.each(files)('%s passes every case of its baseline', (file) => {
    const r = runFile(join(dataDir, file));
    results[file] = r;
    const skips = Object.entries(r.skipped)
      .map(([why, n]) => `${n} skipped: ${why}`)
      .join('; ');
    const recorded = baseline[file] ?? [];
    console.log(`${file}: ${r.pass} passed (baseline ${recorded.length}), ${r.fail} failed${skips ? `, ${skips}` : ''}`);
    if (process.env.CEL_CONFORMANCE_SHOW === '1') for (const f of r.failed) console.log(`  FAIL ${f}`);
    const now = new Set(r.passed);
    const dropped = recorded.filter((name) => !now.has(name));
    for (const name of dropped) console.log(`  DROPPED ${file} ${name}`);
    expect(dropped).toEqual([]);
  });

  it('records a baseline on request', () => {
    if (process.env.CEL_CONFORMANCE_UPDATE !== '1') return;
    const passed = Object.fromEntries(Object.entries(results).map(([f, r]) => [f, [...r.passed].sort()]));
    writeFileSync(baselinePath, `${JSON.stringify(passed, null, 1)}\n`);
  });
});

export type { TextValue };
