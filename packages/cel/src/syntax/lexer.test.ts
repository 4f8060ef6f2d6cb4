import { describe, expect, it } from 'vitest';
import { LexError, tokenizeCel } from '../index.js';

const words = (src: string): string[] =>
  tokenizeCel(src)
    .filter((t) => t.kind !== 'eof')
    .map((t) => (t.kind === 'punct' ? t.text : src.slice(t.start, t.end)));

describe('tokenizeCel', () => {
  it('skips strings of every form and comments', () => {
    expect(words(`a + "b.c" + '''d\ne''' // f.g\n+ b"h" + rb'i'`)).toEqual([
      'a',
      '+',
      '"b.c"',
      '+',
      "'''d\ne'''",
      '+',
      'b"h"',
      '+',
      "rb'i'",
    ]);
  });

  it('reads a backslash in a raw string as itself, so the next quote closes it', () => {
    expect(words(String.raw`r"\" + x`)).toEqual([String.raw`r"\"`, '+', 'x']);
    expect(words(String.raw`"\"" + x`)).toEqual([String.raw`"\""`, '+', 'x']);
  });

  it('refuses an unterminated string', () => {
    expect(() => tokenizeCel('"abc')).toThrow(LexError);
  });
});
