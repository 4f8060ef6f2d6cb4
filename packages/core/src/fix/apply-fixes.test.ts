import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../diagnostics.js';
import { applyFixes } from './apply-fixes.js';

const finding = (line: number, start: number, end: number, text: string): Diagnostic => ({
  ruleId: 'x/y',
  severity: 'error',
  message: 'm',
  document: 0,
  path: '',
  range: { start: { line, column: start }, end: { line, column: end } },
  fix: { range: { start: { line, column: start }, end: { line, column: end } }, text },
});

describe('applyFixes', () => {
  it('replaces each fixed range and keeps comments and layout', () => {
    const text = 'ports:\n- protocol: tcp   # keep me\n- protocol: udp\n';
    const result = applyFixes(text, [finding(3, 13, 16, 'UDP'), finding(2, 13, 16, 'TCP')]);
    expect(result).toEqual({ text: 'ports:\n- protocol: TCP   # keep me\n- protocol: UDP\n', applied: 2 });
  });

  it('skips a fix that overlaps an earlier one', () => {
    const result = applyFixes('abcdef\n', [finding(1, 2, 5, 'X'), finding(1, 3, 4, 'Y')]);
    expect(result).toEqual({ text: 'aXef\n', applied: 1 });
  });

  it('leaves findings without fixes alone', () => {
    const plain = { ...finding(1, 1, 2, 'Z') };
    delete plain.fix;
    expect(applyFixes('abc\n', [plain])).toEqual({ text: 'abc\n', applied: 0 });
  });
});
