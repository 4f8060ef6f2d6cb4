import { describe, expect, it } from 'vitest';
import { SourceFile } from './source-file.js';
import { isGoTimestamp } from './go-scalar-tags.js';

const read = (text: string): { value: unknown; problems: string[] } => {
  const file = SourceFile.fromText('t.yaml', text);
  return {
    value: file.documents[0]?.value,
    problems: file.diagnostics.map((d) => `${d.range.start.line}:${d.range.start.column} ${d.message}`),
  };
};

describe('!!binary, decoded to a string as go-yaml v2 and encoding/json do', () => {
  it.each([
    ['a plain value', 'v: !!binary aGVsbG8=\n', 'hello'],
    ['a quoted value', 'v: !!binary "aGk="\n', 'hi'],
    ['a block over lines (Go skips line breaks)', 'v: !!binary |\n  aGVs\n  bG8=\n', 'hello'],
    ['an empty value', 'v: !!binary ""\n', ''],
    ['nonzero padding bits (Go does not decode strictly)', 'v: !!binary aGl=\n', 'hi'],
    ['bytes that are not UTF-8: one U+FFFD a byte, as json.Marshal writes them', 'v: !!binary /+KCQQ==\n', '\ufffd\ufffd\ufffdA'],
    ['a byte-order mark, kept', 'v: !!binary 77u/eA==\n', '\ufeffx'],
    ['a key', '!!binary a2V5: 1\n', undefined],
  ])('%s', (_, text, expected) => {
    const { value, problems } = read(text);
    expect(problems).toEqual([]);
    expect(value).toEqual(expected === undefined ? { key: 1 } : { v: expected });
  });

  it.each([
    ['no padding', 'v: !!binary aGk\n'],
    ['a space inside', 'v: !!binary aGVs bG8=\n'],
    ['padding in the middle', 'v: !!binary aG==aGk=\n'],
    ['a character outside the alphabet', 'v: !!binary aGk_\n'],
  ])('refuses %s at the tag', (_, text) => {
    expect(read(text).problems).toEqual([expect.stringMatching(/^1:4 !!binary value is not base64/)]);
  });
});

describe('!!timestamp, kept as its text as go-yaml v2 does', () => {
  it.each([
    '2024-01-31',
    '2024-1-2',
    '2024-01-31T12:00:00Z',
    '2024-01-31t12:00:00Z',
    '2024-01-31T12:00:00.123456789+02:00',
    '2024-01-31T1:2:3,5Z',
    '2024-01-31 12:00:00',
    '2024-01-31 12:00:00.5',
    '2024-02-29',
    '2024-01-31T00:00:00+24:00',
  ])('%s', (stamp) => {
    expect(isGoTimestamp(stamp)).toBe(true);
    expect(read(`v: !!timestamp ${stamp}\n`)).toEqual({ value: { v: stamp }, problems: [] });
    expect(read(`v: !!timestamp "${stamp}"\n`)).toEqual({ value: { v: stamp }, problems: [] });
  });

  // Each fails every layout of resolve.go's allowedTimestampFormats, or a range check of time.Parse.
  it.each([
    '2023-02-29',
    '2024-13-01',
    '2024-00-10',
    '2024-04-31',
    '24-01-31',
    '2024-01-31T12:00:00',
    '2024-01-31 12:00:00Z',
    '2024-01-31T24:00:00Z',
    '2024-01-31T12:60:00Z',
    '2024-01-31T12:00:60Z',
    '2024-01-31T12:00:00.Z',
    '2024-01-31T12:00:00+2:00',
    '2024-01-31T12:00:00+25:00',
    '2001-12-14 21:59:43.10 -5',
    'hello',
    '',
  ])('refuses %j', (stamp) => {
    expect(isGoTimestamp(stamp)).toBe(false);
    expect(read(`v: !!timestamp "${stamp}"\n`).problems).toEqual([
      expect.stringMatching(/^1:4 ".*" is not a timestamp the platform reads/),
    ]);
  });

  it('leaves a plain date a string, without the tag', () => {
    expect(read('v: 2024-01-31T12:00:00Z\n').value).toEqual({ v: '2024-01-31T12:00:00Z' });
  });
});
