import { describe, expect, it } from 'vitest';
import { SourceFile } from '../source/source-file.js';
import { ReadFiles } from './read-files.js';

const bytes = (n: number): Buffer => Buffer.from(`a: ${'x'.repeat(n - 4)}\n`);

describe('ReadFiles', () => {
  it('keeps bytes while the budget lasts and the size of every wanted file read', () => {
    const read = new ReadFiles(new Set(['a.yaml', 'b.yaml', 'c.yaml']), 100);
    read.keepBytes('a.yaml', bytes(60));
    read.keepBytes('b.yaml', bytes(60)); // past the budget: its size only
    read.keepBytes('other.yaml', bytes(10)); // not the run's: nothing
    read.keepParsed(SourceFile.fromBytes('c.yaml', bytes(30)), 30);
    expect([read.sizeOf('a.yaml'), read.sizeOf('b.yaml'), read.sizeOf('c.yaml'), read.sizeOf('other.yaml')]).toEqual([
      60,
      60,
      30,
      undefined,
    ]);
    expect(read.take('a.yaml', {})?.documents[0]?.value).toEqual({ a: 'x'.repeat(56) });
    expect(read.take('b.yaml', {})).toBeUndefined();
    expect(read.take('c.yaml', {})).toBeInstanceOf(SourceFile);
  });

  it('gives each file once, and none it let go', () => {
    const read = new ReadFiles(new Set(['a.yaml', 'b.yaml']));
    read.keepBytes('a.yaml', bytes(10));
    read.keepBytes('b.yaml', bytes(10));
    read.drop('a.yaml');
    expect(read.take('a.yaml', {})).toBeUndefined();
    expect(read.take('b.yaml', {})).toBeDefined();
    expect(read.take('b.yaml', {})).toBeUndefined();
    // Sizes stay: the run orders its files by them after the bytes are gone.
    expect(read.sizeOf('a.yaml')).toBe(10);
  });
});
