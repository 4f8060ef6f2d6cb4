import { describe, expect, it } from 'vitest';
import type { Json } from '../json.js';
import { diffToPatch } from './diff.js';
import { applyJsonPatch, decodePointerToken, JsonPatchError, JsonPatchTestFailed, type JsonPatchOperation } from './json-patch.js';

const doc = (): Json => ({ metadata: { name: 'web', labels: { app: 'web' } }, spec: { list: [1, 2, 3] } });

function errorOf(ops: JsonPatchOperation[], on: Json = doc()): string {
  try {
    applyJsonPatch(on, ops);
  } catch (e) {
    expect(e).toBeInstanceOf(JsonPatchError);
    return (e as Error).message;
  }
  return 'no error';
}

describe('JSON patch (json-patch v4 semantics)', () => {
  it('adds object members and inserts into arrays, with - appending', () => {
    const out = applyJsonPatch(doc(), [
      { op: 'add', path: '/metadata/labels/team', value: 'a' },
      { op: 'add', path: '/spec/list/0', value: 0 },
      { op: 'add', path: '/spec/list/-', value: 4 },
      { op: 'add', path: '/spec/list/5', value: 5 },
    ]);
    expect(out).toEqual({ metadata: { name: 'web', labels: { app: 'web', team: 'a' } }, spec: { list: [0, 1, 2, 3, 4, 5] } });
  });

  it('rejects an index past the end and a missing parent', () => {
    expect(errorOf([{ op: 'add', path: '/spec/list/9', value: 1 }])).toContain('Unable to access invalid index: 9');
    expect(errorOf([{ op: 'add', path: '/metadata/annotations/x', value: '1' }])).toBe('add operation does not apply: doc is missing path: "/metadata/annotations/x": missing value');
  });

  it('decodes ~1 and ~0 in pointers', () => {
    expect(decodePointerToken('plat.io~1x~0y')).toBe('plat.io/x~y');
    expect(decodePointerToken('~01')).toBe('~1');
    const out = applyJsonPatch(doc(), [{ op: 'add', path: '/metadata/labels/plat.io~1x~0y', value: '1' }]);
    expect(out).toMatchObject({ metadata: { labels: { 'plat.io/x~y': '1' } } });
  });

  it('errors when removing a missing key or a key under a missing parent', () => {
    expect(errorOf([{ op: 'remove', path: '/metadata/labels/nope' }])).toBe("error in remove for path: '/metadata/labels/nope': Unable to remove nonexistent key: nope: missing value");
    expect(errorOf([{ op: 'remove', path: '/metadata/annotations/x' }])).toContain('remove operation does not apply: doc is missing path');
    expect(errorOf([{ op: 'remove', path: '/spec/list/3' }])).toContain('invalid index');
  });

  it('replaces absent object members like add, but not past the end of an array', () => {
    expect(applyJsonPatch(doc(), [{ op: 'replace', path: '/spec/replicas', value: 3 }])).toMatchObject({ spec: { replicas: 3 } });
    expect(errorOf([{ op: 'replace', path: '/spec/list/-', value: 3 }])).toBe('replace operation does not apply: doc is missing key: /spec/list/-: missing value');
    expect(applyJsonPatch(doc(), [{ op: 'replace', path: '/spec/list/-1', value: 9 }])).toMatchObject({ spec: { list: [1, 2, 9] } });
  });

  it('moves and copies, with negative indices', () => {
    const out = applyJsonPatch(doc(), [
      { op: 'copy', from: '/metadata/labels', path: '/metadata/annotations' },
      { op: 'move', from: '/spec/list/-1', path: '/spec/list/0' },
    ]);
    expect(out).toEqual({ metadata: { name: 'web', labels: { app: 'web' }, annotations: { app: 'web' } }, spec: { list: [3, 1, 2] } });
    expect(errorOf([{ op: 'move', from: '/nope/x', path: '/a' }])).toContain('move operation does not apply: doc is missing from path: /nope/x');
  });

  it('signals a failed test apart from errors; absent members compare with null', () => {
    expect(() => applyJsonPatch(doc(), [{ op: 'test', path: '/metadata/name', value: 'other' }])).toThrow(JsonPatchTestFailed);
    expect(applyJsonPatch(doc(), [{ op: 'test', path: '/metadata/uid', value: null }, { op: 'add', path: '/metadata/uid', value: 'u' }])).toMatchObject({ metadata: { uid: 'u' } });
    expect(() => applyJsonPatch(doc(), [{ op: 'test', path: '/metadata/uid', value: 'u' }])).toThrow(JsonPatchTestFailed);
    expect(errorOf([{ op: 'test', path: '/status/x', value: 1 }])).toBe('test operation does not apply: is missing path: /status/x: missing value');
    expect(applyJsonPatch(doc(), [{ op: 'test', path: '/spec/list', value: [1, 2, 3] }])).toEqual(doc());
  });

  it('rejects unknown operations and leaves the input alone', () => {
    const input = doc();
    expect(errorOf([{ op: 'merge', path: '/a' }], input)).toBe('Unexpected kind: merge');
    applyJsonPatch(input, [{ op: 'add', path: '/metadata/labels/x', value: 'y' }]);
    expect(input).toEqual(doc());
  });
});

describe('diffToPatch', () => {
  const cases: [string, Json, Json][] = [
    ['nothing changed', doc(), doc()],
    ['added label and annotation', doc(), { metadata: { name: 'web', labels: { app: 'web', 'plat.io/x': '1' }, annotations: { a: 'b' } }, spec: { list: [1, 2, 3] } }],
    ['removed field', doc(), { metadata: { name: 'web' }, spec: { list: [1, 2, 3] } }],
    ['list grew in the middle', doc(), { metadata: { name: 'web', labels: { app: 'web' } }, spec: { list: [1, 9, 2, 3] } }],
    ['list shrank', doc(), { metadata: { name: 'web', labels: { app: 'web' } }, spec: { list: [3] } }],
    ['type changed', doc(), { metadata: 'x', spec: { list: { a: 1 } } }],
    ['appended containers', { c: [{ name: 'a' }] }, { c: [{ name: 'a' }, { name: 'b', image: 'x' }] }],
  ];
  for (const [name, from, to] of cases) {
    it(`round-trips: ${name}`, () => {
      const patch = diffToPatch(from, to);
      expect(applyJsonPatch(from, patch)).toEqual(to);
      if (name === 'nothing changed') expect(patch).toEqual([]);
    });
  }

  it('escapes keys and appends with add', () => {
    expect(diffToPatch({ m: {} }, { m: { 'a/b~c': 1 } })).toEqual([{ op: 'add', path: '/m/a~1b~0c', value: 1 }]);
    expect(diffToPatch({ c: [{ name: 'a' }] }, { c: [{ name: 'a' }, { name: 'b' }] })).toEqual([{ op: 'add', path: '/c/1', value: { name: 'b' } }]);
  });
});
