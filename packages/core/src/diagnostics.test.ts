import { describe, expect, it } from 'vitest';
import { compareDiagnostics, compareRuleIds, type Diagnostic } from './diagnostics.js';

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

describe('compareDiagnostics', () => {
  const at = (line: number, ruleId: string, message: string): Diagnostic => ({
    ruleId,
    severity: 'error',
    message,
    document: 0,
    path: '',
    range: { start: { line, column: 1 }, end: { line, column: 2 } },
  });

  it('orders by place, then rule id, then message by code units (the same in every locale)', () => {
    const found = [
      at(2, 'a/x', 'z'),
      at(1, 'b/x', 'b value'),
      at(1, 'b/x', 'B value'),
      at(1, 'a/x', 'q'),
      at(1, 'b/x', '"quoted"'),
    ];
    expect([...found].sort(compareDiagnostics).map((d) => `${d.range.start.line} ${d.ruleId} ${d.message}`)).toEqual([
      '1 a/x q',
      '1 b/x "quoted"',
      '1 b/x B value',
      '1 b/x b value',
      '2 a/x z',
    ]);
  });
});
