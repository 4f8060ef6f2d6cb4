import { describe, expect, it } from 'vitest';
import { celTokensOf, tokenizeCel } from '../index.js';

describe('celTokensOf', () => {
  it('gives the tokens tokenizeCel gives, the same list again for the same text', () => {
    const text = 'variables.a + params.b // c';
    const tokens = celTokensOf(text);
    expect(tokens).toEqual(tokenizeCel(text));
    expect(celTokensOf(text)).toBe(tokens);
    expect(celTokensOf('variables.b')).toEqual(tokenizeCel('variables.b'));
  });

  it('gives undefined for a text that does not tokenize, each time', () => {
    expect(celTokensOf('"abc')).toBeUndefined();
    expect(celTokensOf('"abc')).toBeUndefined();
  });
});
