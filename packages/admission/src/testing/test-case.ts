// `platlint test`: a test case file holds policies, bindings, params, a namespace, one
// AdmissionRequest and what should come out (issue 5, "Offline: platlint mutate and
// platlint test"). Several YAML documents in one file are several cases.
import { dirname, resolve } from 'node:path';
import { closest, readBoundedFileSync, readFailureReason, SourceFile } from '@platlint/core';
import { stringify } from 'yaml';
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

// The keys a test case and its parts may have: anything else is a mistake (a misspelt
// `expected:` must not make a case pass by expecting nothing). Nested parts of the request
// have their own keys: a misspelt `username` would otherwise leave the user unnamed.
const CASE_KEYS = ['name', 'policies', 'bindings', 'params', 'namespace', 'request', 'expect'];
const EXPECT_KEYS = ['allowed', 'object', 'errorContains', 'warnings'];
const REQUEST_KEYS = [
  'uid',
  'kind',
  'resource',
  'subResource',
  'requestKind',
  'requestResource',
  'requestSubResource',
  'name',
  'namespace',
  'operation',
  'userInfo',
  'object',
  'oldObject',
  'dryRun',
  'options',
];
const KIND_KEYS = ['group', 'version', 'kind'];
const RESOURCE_KEYS = ['group', 'version', 'resource'];
const USER_KEYS = ['username', 'uid', 'groups', 'extra'];
/** The request's members that are mappings of known keys (objects, options and extra hold anything). */
const REQUEST_PARTS: Readonly<Record<string, readonly string[]>> = {
  kind: KIND_KEYS,
  resource: RESOURCE_KEYS,
  requestKind: KIND_KEYS,
  requestResource: RESOURCE_KEYS,
  userInfo: USER_KEYS,
};

/** Where a key of the case file stands, as `line:column`, when the file's text is at hand. */
export type KeyLocator = (path: readonly string[]) => string | undefined;

function unknownKeys(
  value: JsonObject,
  known: readonly string[],
  path: readonly string[],
  locate: KeyLocator | undefined,
): string[] {
  const where = path.length === 0 ? 'the test case' : `"${path.join('.')}"`;
  return Object.keys(value)
    .filter((k) => !known.includes(k))
    .map((k) => {
      const near = closest(k, known);
      const at = locate?.([...path, k]);
      return `${at ? `${at}: ` : ''}unknown key "${k}" in ${where}${near ? `; did you mean "${near}"?` : ''} (allowed: ${known.join(', ')})`;
    });
}

/** What is wrong with the shape of a test case: unknown keys at any depth (with a did-you-mean), a missing or malformed expect. */
function shapeProblems(testCase: JsonObject, locate: KeyLocator | undefined): string[] {
  const out = unknownKeys(testCase, CASE_KEYS, [], locate);
  if (testCase.expect === undefined || testCase.expect === null)
    out.push('"expect" is required: say whether the request is allowed (allowed, object) or denied (errorContains)');
  else if (!isObject(testCase.expect)) out.push('"expect" must be a mapping with allowed, object, errorContains or warnings');
  else {
    out.push(...unknownKeys(testCase.expect, EXPECT_KEYS, ['expect'], locate));
    const e = testCase.expect;
    if (e.allowed !== undefined && typeof e.allowed !== 'boolean') out.push('"expect.allowed" must be true or false');
    if (e.errorContains !== undefined && typeof e.errorContains !== 'string') out.push('"expect.errorContains" must be a string');
    if (e.warnings !== undefined && (!Array.isArray(e.warnings) || e.warnings.some((w) => typeof w !== 'string')))
      out.push('"expect.warnings" must be a list of strings');
    if (Object.keys(e).length === 0)
      out.push('"expect" is empty: say whether the request is allowed (allowed, object) or denied (errorContains)');
  }
  if (isObject(testCase.request)) {
    const request = testCase.request;
    out.push(...unknownKeys(request, REQUEST_KEYS, ['request'], locate));
    for (const [part, known] of Object.entries(REQUEST_PARTS)) {
      const value = Object.hasOwn(request, part) ? request[part] : undefined;
      if (isObject(value)) out.push(...unknownKeys(value, known, ['request', part], locate));
    }
  }
  return out;
}

/**
 * The documents of a YAML file read as manifests are (core's SourceFile: the platform's
 * scalars, bounded aliases and nesting): each value, or the document's first error with its
 * place. A recursive reader would overflow the stack on a deeply nested object and say so in
 * JavaScript's words.
 */
function yamlDocuments(path: string, text: string): ({ value: unknown; locate: KeyLocator } | { problem: string })[] {
  const source = SourceFile.fromText(path, text);
  return source.documents.map((doc) => {
    const error = source.diagnostics.find((d) => d.document === doc.index && d.severity === 'error');
    if (error) return { problem: `${error.message} at line ${error.range.start.line}, column ${error.range.start.column}` };
    // A key of the document by its path of mapping keys, as `line:column`.
    const locate: KeyLocator = (keys) => {
      const span = source.locate(doc.index, keys, 'key');
      if (!span.exact) return undefined;
      const { line, column } = source.lines.range(span.start, span.end).start;
      return `${line}:${column}`;
    };
    return { value: doc.value, locate };
  });
}

/**
 * The objects of a list: inline objects, or paths (relative to the test case file) of
 * manifest files whose documents are read, as Kyverno's test files name their policies.
 */
function list(value: unknown, field: string, file: string): Json[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new Error(`"${field}" must be a list of objects or file paths`);
  return value.flatMap((item): Json[] => {
    if (typeof item !== 'string') return [item as Json];
    const path = resolve(dirname(file), item);
    let text: string;
    try {
      text = readBoundedFileSync(path).toString('utf8');
    } catch (e) {
      throw new Error(`"${field}" names ${item}, which cannot be read: ${readFailureReason(e)}`, { cause: e });
    }
    return yamlDocuments(path, text).flatMap((doc) => {
      if ('problem' in doc) throw new Error(`"${field}" names ${item}, which is not valid YAML: ${doc.problem}`);
      return doc.value === null || doc.value === undefined ? [] : [doc.value as Json];
    });
  });
}

function requestOf(raw: unknown): AdmissionRequest {
  if (!isObject(raw)) throw new Error('"request" must be a mapping with the AdmissionRequest fields');
  const object = raw.object;
  const request = { ...raw } as unknown as AdmissionRequest;
  if (!isObject(raw.kind) || !isObject(raw.resource))
    throw new Error('"request" needs kind {group, version, kind} and resource {group, version, resource}');
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
export function runTestCaseObject(
  testCase: unknown,
  file: string,
  index = 0,
  options: AdmitOptions = {},
  locate?: KeyLocator,
): TestCaseResult {
  const fallbackName = `case ${index + 1}`;
  if (!isObject(testCase))
    return { file, name: fallbackName, passed: false, message: 'a test case must be a mapping', warnings: [] };
  const name = typeof testCase.name === 'string' && testCase.name !== '' ? testCase.name : fallbackName;
  let warnings: string[] = [];
  const failed = (message: string, result?: AdmissionResult): TestCaseResult => ({
    file,
    name,
    passed: false,
    message,
    warnings,
    ...(result ? { result } : {}),
  });

  const shape = shapeProblems(testCase, locate);
  if (shape.length > 0) return failed(`the test case is malformed:\n${shape.map((p) => `  ${p}`).join('\n')}`);
  let request: AdmissionRequest;
  let objects: Json[];
  try {
    objects = [
      ...list(testCase.policies, 'policies', file),
      ...list(testCase.bindings, 'bindings', file),
      ...list(testCase.params, 'params', file),
    ];
    if (testCase.namespace !== undefined && testCase.namespace !== null) objects.push(testCase.namespace);
    request = requestOf(testCase.request);
  } catch (e) {
    return failed((e as Error).message);
  }
  const state = stateFromObjects(objects, `${file} (${name})`);
  warnings = state.warnings.map((w) => `${w.object ?? ''}: ${w.message} [${w.ruleId}]`);
  if (state.problems.length > 0) {
    return failed(
      `objects the API server would refuse:\n${state.problems.map((p) => `  ${p.object ?? ''}: ${p.message} [${p.ruleId}]`).join('\n')}`,
    );
  }
  const expect = testCase.expect as TestCaseExpectation;
  const result = admit(state, request, options);
  const problems: string[] = [];
  const expectedAllowed = expect.allowed ?? expect.errorContains === undefined;
  if (result.allowed !== expectedAllowed) {
    problems.push(
      expectedAllowed
        ? `expected the request to be allowed, but it was denied: ${result.status?.message ?? ''}`
        : 'expected the request to be denied, but it was allowed',
    );
  }
  if (expect.errorContains !== undefined && !(result.status?.message ?? '').includes(expect.errorContains)) {
    problems.push(
      `expected the denial to contain ${JSON.stringify(expect.errorContains)}, got ${JSON.stringify(result.status?.message ?? '(no denial)')}`,
    );
  }
  for (const w of expect.warnings ?? []) {
    if (!result.warnings.some((actual) => actual.includes(w)))
      problems.push(`expected a warning containing ${JSON.stringify(w)}; warnings: ${JSON.stringify(result.warnings)}`);
  }
  if (expect.object !== undefined && result.allowed) {
    const expected = yamlOf(normalizeForComparison(expect.object));
    const actual = yamlOf(normalizeForComparison(result.object));
    const diff = unifiedDiff(expected, actual);
    if (diff !== '') problems.push(`the object differs from the expected one:\n${diff}`);
  }
  if (problems.length > 0) return failed(problems.join('\n'), result);
  return {
    file,
    name,
    passed: true,
    message: result.allowed
      ? `allowed with ${result.patch.length} patch operation(s)`
      : `denied: ${result.status?.message ?? ''}`,
    warnings,
    result,
  };
}

/** Runs every test case of a file (one per YAML document). */
export function runTestCase(file: string, options: AdmitOptions = {}): TestCaseResult[] {
  let text: string;
  try {
    text = readBoundedFileSync(file).toString('utf8');
  } catch (e) {
    return [{ file, name: file, passed: false, message: `cannot read the file: ${readFailureReason(e)}`, warnings: [] }];
  }
  const out: TestCaseResult[] = [];
  yamlDocuments(file, text).forEach((doc, i) => {
    if ('problem' in doc) {
      out.push({ file, name: `document ${i + 1}`, passed: false, message: `invalid YAML: ${doc.problem}`, warnings: [] });
      return;
    }
    if (doc.value === null || doc.value === undefined) return;
    out.push(runTestCaseObject(doc.value, file, i, options, doc.locate));
  });
  return out;
}
