import { describe, expect, it } from 'vitest';
import { formats } from './formats.js';

// labelKey accepts a good key by one pattern over the whole key and cuts it into its parts only
// to word what is wrong: the two must agree at every limit, and a bad key is told by its part.
describe('label-key', () => {
  const labelKey = formats['label-key'];

  it('accepts a key at both limits at once (a 253-character prefix and a 63-character name)', () => {
    expect(labelKey(`${'a.'.repeat(126)}a/${'n'.repeat(63)}`)).toBeUndefined();
  });

  it.each([
    [`${'a'.repeat(254)}/b`, 'has a prefix that is 254 characters long; a DNS subdomain has at most 253'],
    [`p/${'n'.repeat(64)}`, 'has a name part of 64 characters; at most 63 are allowed'],
    [`${'a.'.repeat(126)}a/${'n'.repeat(64)}`, 'has a name part of 64 characters; at most 63 are allowed'],
    ['Plat.io/x', 'has a prefix that has uppercase letters; a DNS subdomain is lowercase'],
    ['/app', 'has a prefix that must not be empty'],
    [
      'a/b/c',
      "has a prefix that is not a DNS subdomain: use lowercase letters, digits, '-' and '.', each part starting and ending with a letter or digit",
    ],
    ['app/', 'has an empty name part'],
    ['', 'has an empty name part'],
    ['app-', "has a name part that is not alphanumerics with '-', '_' or '.' inside"],
  ])('%s: %s', (key, problem) => {
    expect(labelKey(key)).toBe(problem);
  });

  it('gives the same answers when asked again, once the good keys are remembered', () => {
    const keys = ['app.kubernetes.io/name', 'team', 'Plat.io/x', 'app-', `p/${'n'.repeat(64)}`];
    const first = keys.map((key) => labelKey(key));
    expect(first.map((problem) => problem === undefined)).toEqual([true, true, false, false, false]);
    expect(keys.map((key) => labelKey(key))).toEqual(first);
  });

  it('still checks every key after more good keys than it remembers', () => {
    for (let i = 0; i < 5000; i++) expect(labelKey(`example.com/key-${i}`)).toBeUndefined();
    expect(labelKey('example.com/key-')).toBe("has a name part that is not alphanumerics with '-', '_' or '.' inside");
    expect(labelKey('example.com/key-4999')).toBeUndefined();
  });
});
