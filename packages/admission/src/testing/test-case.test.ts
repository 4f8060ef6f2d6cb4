import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { normalizeForComparison, runTestCase } from './test-case.js';
import { unifiedDiff } from './text-diff.js';

const EXAMPLE = fileURLToPath(new URL('../../test-cases/sidecar.yaml', import.meta.url));

const tmpDirs: string[] = [];
afterAll(() => tmpDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function tmpFile(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'platlint-admission-'));
  tmpDirs.push(dir);
  const file = join(dir, 'case.yaml');
  writeFileSync(file, text);
  return file;
}

describe('runTestCase', () => {
  it('passes the realistic example end to end, one result per document', () => {
    const results = runTestCase(EXAMPLE);
    expect(results.map((r) => [r.name, r.passed, r.passed ? '' : r.message])).toEqual([
      ['adds a sidecar, a team label and an owner annotation to deployments', true, ''],
      ['denies when the sidecar configuration is missing', true, ''],
    ]);
  });

  it('fails with a readable diff when the expected object differs', () => {
    const first = parse(readFileSync(EXAMPLE, 'utf8').split('\n---\n')[0] as string) as {
      expect: { object: { spec: { replicas: number } } };
    };
    first.expect.object.spec.replicas = 3;
    const [result] = runTestCase(tmpFile(stringify(first)));
    expect(result?.passed).toBe(false);
    expect(result?.message).toContain('the object differs from the expected one');
    expect(result?.message).toContain('-  replicas: 3');
    expect(result?.message).toContain('+  replicas: 2');
  });

  it('reports invalid policies in the case instead of silently skipping them', () => {
    const text = stringify({
      name: 'broken',
      policies: [
        {
          apiVersion: 'admissionregistration.plat.io/v1',
          kind: 'MutatingAdmissionPolicy',
          metadata: { name: 'p' },
          spec: { reinvocationPolicy: 'Sometimes' },
        },
      ],
      request: {
        operation: 'CREATE',
        kind: { group: '', version: 'v1', kind: 'Pod' },
        resource: { group: '', version: 'v1', resource: 'pods' },
        object: { apiVersion: 'v1', kind: 'Pod' },
      },
      expect: { allowed: true },
    });
    const [result] = runTestCase(tmpFile(text));
    expect(result?.passed).toBe(false);
    expect(result?.message).toContain('objects the API server would refuse');
    expect(result?.message).toContain('MutatingAdmissionPolicy/p');
  });

  it('refuses unknown keys below the request (kind, resource, userInfo) with their line and column', () => {
    const text = [
      'name: nested',
      'request:',
      '  operation: CREATE',
      '  kind: {group: apps, version: v1, knd: Deployment}',
      '  resource: {group: apps, version: v1, resource: deployments, verison: v1}',
      '  requestKind: {group: apps, version: v1, kind: Deployment, extra: 1}',
      '  userInfo:',
      '    usernme: alice',
      '    extra: {anything: [goes]}',
      '  object: {apiVersion: apps/v1, kind: Deployment, metadata: {name: web}, anyField: 1}',
      '  options: {apiVersion: meta.plat.io/v1, kind: CreateOptions, fieldManager: x}',
      'expect: {allowed: true}',
      '',
    ].join('\n');
    const [result] = runTestCase(tmpFile(text));
    expect(result?.passed).toBe(false);
    const lines = (result?.message ?? '')
      .split('\n')
      .slice(1)
      .map((l) => l.trim());
    expect(lines).toEqual([
      '4:36: unknown key "knd" in "request.kind"; did you mean "kind"? (allowed: group, version, kind)',
      '5:63: unknown key "verison" in "request.resource"; did you mean "version"? (allowed: group, version, resource)',
      '6:61: unknown key "extra" in "request.requestKind" (allowed: group, version, kind)',
      '8:5: unknown key "usernme" in "request.userInfo"; did you mean "username"? (allowed: username, uid, groups, extra)',
    ]);
  });

  it('reports unreadable files and bad YAML as failed cases', () => {
    expect(runTestCase('/nonexistent/case.yaml')[0]?.message).toContain('cannot read the file');
    expect(runTestCase(tmpFile('name: [unclosed'))[0]?.message).toContain('invalid YAML');
  });
});

describe('comparison helpers', () => {
  it('drops nulls, empty maps and empty lists, bottom up', () => {
    expect(normalizeForComparison({ a: null, b: {}, c: [], d: { e: { f: [] } }, g: [null, 1], h: 0, i: '' })).toEqual({
      g: [1],
      h: 0,
      i: '',
    });
  });

  it('prints unified hunks with context', () => {
    const a = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'].join('\n');
    const b = ['a', 'b', 'c', 'd', 'E', 'f', 'g', 'h', 'i'].join('\n');
    expect(unifiedDiff(a, b)).toBe(
      ['--- expected', '+++ actual', '@@ -2,7 +2,7 @@', ' b', ' c', ' d', '-e', '+E', ' f', ' g', ' h', ''].join('\n'),
    );
    expect(unifiedDiff(a, a)).toBe('');
  });
});
