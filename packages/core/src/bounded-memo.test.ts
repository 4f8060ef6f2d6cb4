import { describe, expect, it } from 'vitest';
import { addBounded, keepBounded } from './bounded-memo.js';

describe('keepBounded', () => {
  it('keeps entries up to the limit, then forgets them all before taking the next', () => {
    const memo = new Map<string, number>();
    expect(keepBounded(memo, 2, 'a', 1)).toBe(1);
    keepBounded(memo, 2, 'b', 2);
    expect([...memo]).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    keepBounded(memo, 2, 'c', 3);
    expect([...memo]).toEqual([['c', 3]]);
  });
});

describe('addBounded', () => {
  it('holds at most the limit of keys', () => {
    const memo = new Set<number>();
    for (let i = 0; i < 10; i++) addBounded(memo, 3, i);
    expect(memo.size).toBeLessThanOrEqual(3);
    expect(memo.has(9)).toBe(true);
  });
});
