import { describe, expect, it } from 'vitest';
import { isJsonObject } from './json-value.js';

describe('isJsonObject', () => {
  it('takes mappings only', () => {
    expect(isJsonObject({})).toBe(true);
    expect(isJsonObject(Object.create(null))).toBe(true);
    for (const other of [null, undefined, [], [{}], 'a', 1, true]) expect(isJsonObject(other), String(other)).toBe(false);
  });
});
