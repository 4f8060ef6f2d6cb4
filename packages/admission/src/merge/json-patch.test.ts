import { describe, expect, it } from 'vitest';
import type { Json } from '../json.js';
import { diffToPatch } from './diff.js';
import {
  applyJsonPatch,
  decodePointerToken,
  jsonBytes,
  jsonBytesAtMost,
  JsonPatchError,
  JsonPatchTestFailed,
  MAX_PATCHED_BYTES,
  type JsonPatchOperation,
} from './json-patch.js';

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
    expect(errorOf([{ op: 'add', path: '/metadata/annotations/x', value: '1' }])).toBe(
      'add operation does not apply: doc is missing path: "/metadata/annotations/x": missing value',
    );
  });

  it('decodes ~1 and ~0 in pointers', () => {
    expect(decodePointerToken('plat.io~1x~0y')).toBe('plat.io/x~y');
    expect(decodePointerToken('~01')).toBe('~1');
    const out = applyJsonPatch(doc(), [{ op: 'add', path: '/metadata/labels/plat.io~1x~0y', value: '1' }]);
    expect(out).toMatchObject({ metadata: { labels: { 'plat.io/x~y': '1' } } });
  });

  it('errors when removing a missing key or a key under a missing parent', () => {
    expect(errorOf([{ op: 'remove', path: '/metadata/labels/nope' }])).toBe(
      "error in remove for path: '/metadata/labels/nope': Unable to remove nonexistent key: nope: missing value",
    );
    expect(errorOf([{ op: 'remove', path: '/metadata/annotations/x' }])).toContain(
      'remove operation does not apply: doc is missing path',
    );
    expect(errorOf([{ op: 'remove', path: '/spec/list/3' }])).toContain('invalid index');
  });

  it('replaces absent object members like add, but not past the end of an array', () => {
    expect(applyJsonPatch(doc(), [{ op: 'replace', path: '/spec/replicas', value: 3 }])).toMatchObject({ spec: { replicas: 3 } });
    expect(errorOf([{ op: 'replace', path: '/spec/list/-', value: 3 }])).toBe(
      'replace operation does not apply: doc is missing key: /spec/list/-: missing value',
    );
    expect(applyJsonPatch(doc(), [{ op: 'replace', path: '/spec/list/-1', value: 9 }])).toMatchObject({
      spec: { list: [1, 2, 9] },
    });
  });

  it('moves and copies, with negative indices', () => {
    const out = applyJsonPatch(doc(), [
      { op: 'copy', from: '/metadata/labels', path: '/metadata/annotations' },
      { op: 'move', from: '/spec/list/-1', path: '/spec/list/0' },
    ]);
    expect(out).toEqual({
      metadata: { name: 'web', labels: { app: 'web' }, annotations: { app: 'web' } },
      spec: { list: [3, 1, 2] },
    });
    expect(errorOf([{ op: 'move', from: '/nope/x', path: '/a' }])).toContain(
      'move operation does not apply: doc is missing from path: /nope/x',
    );
  });

  it('signals a failed test apart from errors; absent members compare with null', () => {
    expect(() => applyJsonPatch(doc(), [{ op: 'test', path: '/metadata/name', value: 'other' }])).toThrow(JsonPatchTestFailed);
    expect(
      applyJsonPatch(doc(), [
        { op: 'test', path: '/metadata/uid', value: null },
        { op: 'add', path: '/metadata/uid', value: 'u' },
      ]),
    ).toMatchObject({ metadata: { uid: 'u' } });
    expect(() => applyJsonPatch(doc(), [{ op: 'test', path: '/metadata/uid', value: 'u' }])).toThrow(JsonPatchTestFailed);
    expect(errorOf([{ op: 'test', path: '/status/x', value: 1 }])).toBe(
      'test operation does not apply: is missing path: /status/x: missing value',
    );
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
    [
      'added label and annotation',
      doc(),
      { metadata: { name: 'web', labels: { app: 'web', 'plat.io/x': '1' }, annotations: { a: 'b' } }, spec: { list: [1, 2, 3] } },
    ],
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
    expect(diffToPatch({ c: [{ name: 'a' }] }, { c: [{ name: 'a' }, { name: 'b' }] })).toEqual([
      { op: 'add', path: '/c/1', value: { name: 'b' } },
    ]);
  });
});

describe('JSON patch size limit', () => {
  it('measures an object as the length of its compact JSON, and stops measuring past the limit', () => {
    const value: Json = { a: [1, 'xy', true, null, { b: false }], 'c~d': -1.5 };
    expect(jsonBytes(value, Infinity)).toBe(JSON.stringify(value).length);
    const big: Json = { list: Array.from({ length: 100_000 }, (_, i) => i) };
    expect(jsonBytes(big, 1000)).toBeGreaterThan(1000);
    expect(jsonBytes(big, 1000)).toBeLessThan(1100);
    // The walk's stack is shared between calls: one stopped at the limit leaves nothing behind.
    expect(jsonBytes(value, Infinity)).toBe(JSON.stringify(value).length);
    expect(jsonBytes(big, Infinity)).toBe(JSON.stringify(big).length);
    expect(jsonBytes([], Infinity)).toBe(2);
  });

  it("stops a patch whose result would be over the size limit (the server's 3 MiB request body), at the operation that crosses it", () => {
    expect(MAX_PATCHED_BYTES).toBe(3 * 1024 * 1024);
    // Each copy of /spec into its own child doubles the object: 30 copies would be 2^30 times it.
    const copies: JsonPatchOperation[] = Array.from({ length: 30 }, (_, i) => ({
      op: 'copy',
      from: '/spec',
      path: `/spec/x${i}`,
    }));
    const message = errorOf(copies, { spec: { list: [1, 2, 3], name: 'a'.repeat(100) } });
    expect(message).toMatch(/^copy operation at "\/spec\/x1[0-9]" would make the object larger than 3145728 bytes of JSON/);
    // With a small limit: adds, replaces and removes count what they write and take out.
    const small = 200;
    const start: Json = { spec: { a: 'x'.repeat(100) } };
    expect(
      applyJsonPatch(
        start,
        [
          { op: 'remove', path: '/spec/a' },
          { op: 'add', path: '/spec/b', value: 'y'.repeat(150) },
        ],
        small,
      ),
    ).toEqual({ spec: { b: 'y'.repeat(150) } });
    expect(applyJsonPatch(start, [{ op: 'replace', path: '/spec/a', value: 'z'.repeat(150) }], small)).toEqual({
      spec: { a: 'z'.repeat(150) },
    });
    expect(() => applyJsonPatch(start, [{ op: 'add', path: '/spec/b', value: 'y'.repeat(150) }], small)).toThrow(
      /add operation at "\/spec\/b" would make the object larger than 200 bytes/,
    );
    expect(() => applyJsonPatch(start, [{ op: 'replace', path: '', value: { big: 'y'.repeat(250) } }], small)).toThrow(
      /larger than 200 bytes/,
    );
  });
});

describe('JSON patch size limit with a bound on the document known beforehand', () => {
  const measured = (text: string) => jsonBytes(JSON.parse(text) as Json, Infinity);
  const utf8Bytes = (text: string) => new TextEncoder().encode(text).byteLength;

  it('bounds what jsonBytes counts of any value parsed from a text by 25 per byte of it, numbers being the reason', () => {
    // The length of the text alone is no bound: a number counts as JavaScript writes it.
    expect(measured('[1e20]')).toBeGreaterThan(utf8Bytes('[1e20]'));
    expect(measured('1e20')).toBe(21);
    // The longest a number is written (25 characters), from its shortest text; and others.
    const texts = [
      '-1.3397360916994193e-6',
      '[1e20,1e20,1e-7,5e-324,1e400]',
      '{"a":1,"a":2,"__proto__":{"b":[true,false,null]}}',
      '{"\\u00e9\\ud83d\\ude00":"\\n\\t\\"","é😀":"é😀"}',
      ' { "spaced" : [ 1 , 2 ] } ',
      JSON.stringify({ spec: { list: Array.from({ length: 1000 }, (_, i) => i * 1e15) } }),
    ];
    for (const text of texts) expect(measured(text)).toBeLessThanOrEqual(jsonBytesAtMost(utf8Bytes(text)));
    expect(measured('-1.3397360916994193e-6')).toBe(25);
  });

  it('gives the same results and the same refusals as measuring the document first', () => {
    const copies: JsonPatchOperation[] = Array.from({ length: 30 }, (_, i) => ({
      op: 'copy',
      from: '/spec',
      path: `/spec/x${i}`,
    }));
    const outcome = (document: Json, ops: JsonPatchOperation[], maxBytes: number, bound?: number) => {
      try {
        return applyJsonPatch(document, ops, maxBytes, bound);
      } catch (e) {
        return (e as Error).message;
      }
    };
    // Each document as the text it is parsed from, which the bound is taken from.
    const cases: [string, JsonPatchOperation[], number][] = [
      [JSON.stringify({ spec: { list: [1, 2, 3], name: 'a'.repeat(100) } }), copies, 3 * 1024 * 1024],
      // Numbers that count several times the bytes of their text, near a small limit: with the
      // text's length as the bound, the second add would pass.
      ['{"spec":{"n":[1e20,1e20,1e20,1e20]}}', [{ op: 'add', path: '/spec/b', value: 'y'.repeat(20) }], 130],
      ['{"spec":{"n":[1e20,1e20,1e20,1e20]}}', [{ op: 'add', path: '/spec/b', value: 'y'.repeat(40) }], 130],
      [
        '{"spec":{"a":"' + 'x'.repeat(100) + '"}}',
        [
          { op: 'remove', path: '/spec/a' },
          { op: 'add', path: '/spec/b', value: 'y'.repeat(150) },
        ],
        200,
      ],
      ['{"spec":{"a":"' + 'x'.repeat(100) + '"}}', [{ op: 'add', path: '/spec/b', value: 'y'.repeat(150) }], 200],
      ['{"spec":{"a":"' + 'x'.repeat(100) + '"}}', [{ op: 'replace', path: '', value: { big: 'y'.repeat(250) } }], 200],
    ];
    const outcomes = cases.map(([text, ops, maxBytes]) => outcome(JSON.parse(text) as Json, ops, maxBytes));
    for (const [i, [text, ops, maxBytes]] of cases.entries())
      expect(outcome(JSON.parse(text) as Json, ops, maxBytes, jsonBytesAtMost(utf8Bytes(text)))).toEqual(outcomes[i]);
    // Both ways of ending are among the cases.
    expect(outcomes.map((o) => typeof o).sort()).toEqual(['object', 'object', 'string', 'string', 'string', 'string']);
  });
});
