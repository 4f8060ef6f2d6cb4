// `platlint test`: a test case file holds policies, bindings, params, a namespace, one
// AdmissionRequest and what should come out (issue 5, "Offline: platlint mutate and
// platlint test"). Several YAML documents in one file are several cases.
import { readFileSync } from 'node:fs';
import { parseAllDocuments, stringify } from 'yaml';
import { admit, type AdmitOptions } from '../admit.js';
import { isObject, metadataString, type Json, type JsonObject } from '../json.js';
import { stateFromObjects } from '../state/load.js';
import type { AdmissionRequest, AdmissionResult } from '../types.js';
import { unifiedDiff } from './text-diff.js';

export interface TestCaseResult {
  file: string;
  name: string;
  passed: boolean;
  /** Why it failed (with a diff of expected and actual objects), or a short summary. */
  message: string;
  /** Advice on the case's objects (they were loaded anyway, as the server would store them). */
  warnings: string[];
  result?: AdmissionResult;
}

export interface TestCaseExpectation {
  allowed?: boolean;
  object?: Json;
  errorContains?: string;
  warnings?: string[];
}

/** Drops nulls, empty maps and empty lists, bottom up, so that absent and empty compare equal. */
export function normalizeForComparison(value: Json | undefined): Json | undefined {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) {
    const items = value.map(normalizeForComparison).filter((v): v is Json => v !== undefined);
    return items.length === 0 ? undefined : items;
  }
  if (isObject(value)) {
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(value)) {
      const n = normalizeForComparison(v);
      if (n !== undefined) out[k] = n;
    }
    return Object.keys(out).length === 0 ? undefined : out;
  }
  return value;
}

function yamlOf(value: Json | undefined): string {
  return value === undefined ? '' : stringify(value, { sortMapEntries: true });
}

function list(value: unknown, field: string): Json[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new Error(`"${field}" must be a list`);
  return value as Json[];
}

function requestOf(raw: unknown): AdmissionRequest {
  if (!isObject(raw)) throw new Error('"request" must be a mapping with the AdmissionRequest fields');
  const object = raw.object;
  const request = { ...raw } as unknown as AdmissionRequest;
  if (!isObject(raw.kind) || !isObject(raw.resource)) throw new Error('"request" needs kind {group, version, kind} and resource {group, version, resource}');
  if (typeof raw.operation !== 'string') throw new Error('"request.operation" is required (CREATE, UPDATE or CONNECT)');
  // Fill what a test author would leave out and the API server always sends.
  request.uid ??= 'platlint-test';
  request.subResource ??= '';
  if (request.name === undefined && isObject(object)) request.name = metadataString(object, 'name');
  if (request.namespace === undefined && isObject(object)) request.namespace = metadataString(object, 'namespace');
  request.userInfo ??= {};
  return request;
}

/** Runs one parsed test case. */
export function runTestCaseObject(testCase: unknown, file: string, index = 0, options: AdmitOptions = {}): TestCaseResult {
  const fallbackName = `case ${index + 1}`;
  if (!isObject(testCase)) return { file, name: fallbackName, passed: false, message: 'a test case must be a mapping', warnings: [] };
  const name = typeof testCase.name === 'string' && testCase.name !== '' ? testCase.name : fallbackName;
  let warnings: string[] = [];
  const failed = (message: string, result?: AdmissionResult): TestCaseResult => ({ file, name, passed: false, message, warnings, ...(result ? { result } : {}) });

  let request: AdmissionRequest;
  let objects: Json[];
  try {
    objects = [...list(testCase.policies, 'policies'), ...list(testCase.bindings, 'bindings'), ...list(testCase.params, 'params')];
    if (testCase.namespace !== undefined && testCase.namespace !== null) objects.push(testCase.namespace);
    request = requestOf(testCase.request);
  } catch (e) {
    return failed((e as Error).message);
  }
  const state = stateFromObjects(objects, `${file} (${name})`);
  warnings = state.warnings.map((w) => `${w.object ?? ''}: ${w.message} [${w.ruleId}]`);
  if (state.problems.length > 0) {
    return failed(`objects the API server would refuse:\n${state.problems.map((p) => `  ${p.object ?? ''}: ${p.message} [${p.ruleId}]`).join('\n')}`);
  }
  const expect = (isObject(testCase.expect) ? testCase.expect : {}) as TestCaseExpectation;
  const result = admit(state, request, options);
  const problems: string[] = [];
  const expectedAllowed = expect.allowed ?? expect.errorContains === undefined;
  if (result.allowed !== expectedAllowed) {
    problems.push(expectedAllowed ? `expected the request to be allowed, but it was denied: ${result.status?.message ?? ''}` : 'expected the request to be denied, but it was allowed');
  }
  if (expect.errorContains !== undefined && !(result.status?.message ?? '').includes(expect.errorContains)) {
    problems.push(`expected the denial to contain ${JSON.stringify(expect.errorContains)}, got ${JSON.stringify(result.status?.message ?? '(no denial)')}`);
  }
  for (const w of expect.warnings ?? []) {
    if (!result.warnings.some((actual) => actual.includes(w))) problems.push(`expected a warning containing ${JSON.stringify(w)}; warnings: ${JSON.stringify(result.warnings)}`);
  }
  if (expect.object !== undefined && result.allowed) {
    const expected = yamlOf(normalizeForComparison(expect.object));
    const actual = yamlOf(normalizeForComparison(result.object));
    const diff = unifiedDiff(expected, actual);
    if (diff !== '') problems.push(`the object differs from the expected one:\n${diff}`);
  }
  if (problems.length > 0) return failed(problems.join('\n'), result);
  return { file, name, passed: true, message: result.allowed ? `allowed with ${result.patch.length} patch operation(s)` : `denied: ${result.status?.message ?? ''}`, warnings, result };
}

/** Runs every test case of a file (one per YAML document). */
export function runTestCase(file: string, options: AdmitOptions = {}): TestCaseResult[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    return [{ file, name: file, passed: false, message: `cannot read the file: ${(e as NodeJS.ErrnoException).code ?? String(e)}`, warnings: [] }];
  }
  const docs = parseAllDocuments(text);
  const list = Array.isArray(docs) ? docs : [docs];
  const out: TestCaseResult[] = [];
  list.forEach((doc, i) => {
    if (doc.errors.length > 0) {
      out.push({ file, name: `document ${i + 1}`, passed: false, message: `invalid YAML: ${doc.errors[0]?.message ?? ''}`, warnings: [] });
      return;
    }
    // Bounded aliases: a hostile file must not expand into a huge value.
    const value = doc.toJS({ maxAliasCount: 100 }) as unknown;
    if (value === null || value === undefined) return;
    out.push(runTestCaseObject(value, file, i, options));
  });
  return out;
}
