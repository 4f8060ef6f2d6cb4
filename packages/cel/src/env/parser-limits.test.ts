// The parser's limits as cel-go counts them, with the defaults Kubernetes keeps (its base
// environment, k8s.io/apiserver pkg/cel/environment/base.go, sets no parser option): a
// recursion depth of 250 (cel-go parser/parser.go, recursionListener and
// checkAndIncrementRecursionDepth) and 100,000 code points (parser expressionSizeCodePointLimit).
import { describe, expect, it } from 'vitest';
import { CelEnvironment } from './environment.js';

const env = new CelEnvironment({
  variables: [
    { name: 'x', type: 'int' },
    { name: 'm', type: 'map<string, dyn>' },
  ],
});
const issues = (expr: string): string[] => {
  const r = env.compile(expr);
  return r.ok ? [] : r.issues.map((i) => i.message);
};

describe('parser recursion depth (cel-go parser/parser.go)', () => {
  it('does not count a chain of || or && (Visit counts neither; helper.go balances them)', () => {
    expect(issues(Array.from({ length: 300 }, (_, i) => `x == ${i}`).join(' || '))).toEqual([]);
    expect(issues(Array.from({ length: 2000 }, () => 'x > 0').join(' && '))).toEqual([]);
    expect(issues(`(${Array.from({ length: 300 }, () => 'x > 0').join(' && ')}) || x == 1`)).toEqual([]);
  });

  it('counts what Visit counts: selections, calls, indexes, arithmetic and relations in a chain', () => {
    expect(issues(`m${'.a'.repeat(300)} == 1`)).toEqual(['expression nests deeper than 250 levels']);
    expect(issues(`x${' + 1'.repeat(300)} > 0`)).toEqual(['expression nests deeper than 250 levels']);
    expect(issues(`m${'.a'.repeat(200)} == 1`)).toEqual([]);
  });
});

describe('expression size in code points (cel-go parser expressionSizeCodePointLimit)', () => {
  it('counts a character outside the BMP once', () => {
    // 60,000 emoji are 120,000 UTF-16 units but 60,000 code points.
    expect(issues(`"${'😀'.repeat(60_000)}" != ""`)).toEqual([]);
  });

  it('refuses more than 100,000 code points, from the first one past the limit', () => {
    const expr = `"${'a'.repeat(100_000)}" != ""`;
    const r = env.compile(expr);
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.issues[0]).toMatchObject({
        code: 'limit_exceeded',
        message: 'expression is longer than 100000 characters (code points)',
        start: 100_000,
        end: expr.length,
      });
  });
});
