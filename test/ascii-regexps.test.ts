// The build's rewriting of regular expression literals into ASCII (scripts/ascii-regexps.mjs):
// each rewritten literal matches what the one written did, and nothing else is touched.
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without type declarations
import { asciiRegExps } from '../scripts/ascii-regexps.mjs';

const rewrite = asciiRegExps as (script: string) => string;

/** The value of a script `(expression)`, evaluated. */
const valueOf = (script: string): unknown => new Function(`return ${script}`)() as unknown;

describe('asciiRegExps', () => {
  const cases: [literal: string, inputs: string[]][] = [
    ['/^(\\d*)(?:\\.(\\d*))?(ns|us|µs|μs|ms)$/', ['3µs', '3μs', '3us', '3Âµs']],
    // An identity escape is the character itself; an escaped backslash before it is not one.
    ['/^\\µ$/', ['µ', '\\µ']],
    ['/^\\\\µ$/', ['\\µ', 'µ']],
    // Outside the Basic Multilingual Plane: a pair of escaped surrogates, one code point under `u`.
    ['/^[😀é]$/u', ['😀', 'é', '\ud83d']],
    ['/^😀+$/', ['😀😀', '😀\ude00']],
  ];

  it.each(cases)('%s matches what it did, in ASCII', (literal, inputs) => {
    const written = rewrite(`(${literal})`);
    expect(written).toMatch(/^[\x20-\x7e]*$/);
    const [before, after] = [valueOf(`(${literal})`), valueOf(written)] as [RegExp, RegExp];
    expect(after.flags).toBe(before.flags);
    for (const input of inputs) expect(after.test(input), input).toBe(before.test(input));
  });

  it('leaves strings, templates and comments as they are: in a raw template an escape is not the character', () => {
    const script = '(String.raw`µ` + "µ" + /µ/.source) // µ';
    expect(rewrite(script)).toBe('(String.raw`µ` + "µ" + /\\u00b5/.source) // µ');
  });

  it('leaves a bundle without such literals unchanged', () => {
    const script = 'const a = /ab+c/g.test("x") ? 1 : 2 / 3 / 4;';
    expect(rewrite(script)).toBe(script);
  });
});
