import { describe, expect, it } from 'vitest';
import { FileMemo, nextFile } from './file-memo.js';

describe('FileMemo', () => {
  it('keeps an answer per key while the file is linted', () => {
    const memo = new FileMemo<object, string>();
    const a = {};
    const b = {};
    memo.set(a, 'a');
    expect(memo.has(a)).toBe(true);
    expect(memo.get(a)).toBe('a');
    expect(memo.has(b)).toBe(false);
    expect(memo.get(b)).toBeUndefined();
  });

  it('lets every answer go when the run goes on to the next file', () => {
    const memo = new FileMemo<object, number>();
    const other = new FileMemo<object, number>();
    const value = {};
    memo.set(value, 1);
    other.set(value, 2);
    nextFile();
    expect(memo.has(value)).toBe(false);
    expect(other.get(value)).toBeUndefined();
    memo.set(value, 3);
    expect(memo.get(value)).toBe(3);
  });

  it('a memo made after nextFile keeps its answers until the next one', () => {
    nextFile();
    const memo = new FileMemo<object, string>();
    const value = {};
    memo.set(value, 'kept');
    expect(memo.get(value)).toBe('kept');
    nextFile();
    expect(memo.get(value)).toBeUndefined();
  });
});
