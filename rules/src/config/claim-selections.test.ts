import { describe, expect, it } from 'vitest';
import { claimSelections } from './claim-selections.js';

describe('claimSelections', () => {
  it('finds claims selected from the claims variable only', () => {
    expect([
      ...claimSelections('claims.email + claims.?sub.orValue("") + other.claims.name + "claims.fake" // claims.note'),
    ]).toEqual(['email', 'sub']);
  });

  it('skips a raw string that ends in a backslash', () => {
    expect([...claimSelections(String.raw`r"\" + claims.email`)]).toEqual(['email']);
  });

  it('finds nothing in an expression that does not tokenize', () => {
    expect(claimSelections('claims.email + "open').size).toBe(0);
  });
});
