import { describe, expect, it } from 'vitest';
import { KnownKeys, hashStep, smallHash } from './known-keys.js';

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

  it('remembers no more than its limit, and forgets what it held to make room for keys met later', () => {
    const keys = new KnownKeys(2);
    for (const key of ['a', 'b']) keys.remember(key);
    expect(keys.find('a', 0, 1)).toBe('a');
    expect(keys.find('b', 0, 1)).toBe('b');
    keys.remember('c');
    expect(keys.find('c', 0, 1)).toBe('c');
    expect(keys.find('a', 0, 1)).toBeUndefined();
    expect(keys.find('b', 0, 1)).toBeUndefined();
  });

  it('finds by a hash made on the way (hashStep, smallHash) what find finds, and gives from remember the string it will find', () => {
    const keys = new KnownKeys(10);
    const remembered = keys.remember('image');
    expect(remembered).toBe('image');
    const text = 'spec:\n  image: x\n  imag: y\n';
    const hashed = (start: number, end: number): number => {
      let hash = 0;
      for (let i = start; i < end; i++) hash = hashStep(hash, text.charCodeAt(i));
      return smallHash(hash);
    };
    expect(keys.findHashed(text, 8, 13, hashed(8, 13))).toBe(remembered);
    expect(keys.find(text, 8, 13)).toBe(remembered);
    expect(keys.findHashed(text, 19, 23, hashed(19, 23))).toBeUndefined();
    // A second remember of the same text keeps the first string.
    expect(keys.remember('image')).toBe('image');
  });
});
