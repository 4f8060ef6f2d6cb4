import { describe, expect, it } from 'vitest';
import { KnownKeys } from './known-keys.js';

describe('KnownKeys', () => {
  it('finds a remembered key at any place of a text, as the same string', () => {
    const keys = new KnownKeys(10);
    const name = 'containers';
    keys.remember(name);
    const text = 'spec:\n  containers:\n';
    expect(keys.find(text, 8, 18)).toBe(name);
    expect(keys.find(text, 0, 4)).toBeUndefined();
  });

  it('tells apart two texts of one hash ("Aa" and "BB"), and a longer text that starts with the key', () => {
    const keys = new KnownKeys(10);
    keys.remember('Aa');
    expect(keys.find('BB: x', 0, 2)).toBeUndefined();
    expect(keys.find('Aa: x', 0, 2)).toBe('Aa');
    keys.remember('BB');
    // The first of a hash is the one kept.
    expect(keys.find('BB: x', 0, 2)).toBeUndefined();
    expect(keys.find('Aab: x', 0, 3)).toBeUndefined();
  });

  it('remembers no more than its limit', () => {
    const keys = new KnownKeys(2);
    for (const key of ['a', 'b', 'c']) keys.remember(key);
    expect(keys.find('a', 0, 1)).toBe('a');
    expect(keys.find('b', 0, 1)).toBe('b');
    expect(keys.find('c', 0, 1)).toBeUndefined();
  });
});
