import { describe, expect, it } from 'vitest';
import { compareRuleIds } from './diagnostics.js';

describe('compareRuleIds', () => {
  it('orders ids written with a-z, 0-9, - and / as localeCompare does', () => {
    const ids = ['schema/enum', 'a-b/c', 'a/b', 'a', 'a-', 'a0/x', 'yaml/syntax', 'schema/enum-2', 'schema/en'];
    expect([...ids].sort(compareRuleIds)).toEqual([...ids].sort((a, b) => a.localeCompare(b)));
  });

  it('leaves ids written otherwise to localeCompare (case and other characters are not code-unit order there)', () => {
    expect(compareRuleIds('a/x', 'B/x')).toBe('a/x'.localeCompare('B/x'));
    expect(compareRuleIds('a_b', 'a-b')).toBe('a_b'.localeCompare('a-b'));
    expect(compareRuleIds('a/b', 'a/b')).toBe(0);
  });
});
