import { describe, expect, it } from 'vitest';
import { CelEnvironment, CelEvaluationError } from './env/environment.js';

const env = new CelEnvironment({
  variables: [
    { name: 'xs', type: 'list<int>' },
    { name: 's', type: 'string' },
  ],
});

function issue(expr: string, e = env) {
  const r = e.compile(expr);
  expect(r.ok).toBe(false);
  return r.issues[0] as { code: string; message: string; start: number; end: number };
}

function evalError(expr: string, activation: Record<string, unknown>, options = {}): CelEvaluationError {
  const r = env.compile(expr);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  try {
    r.program.evaluate(activation, options);
  } catch (e) {
    expect(e).toBeInstanceOf(CelEvaluationError);
    return e as CelEvaluationError;
  }
  throw new Error('expected an evaluation error');
}

describe('hostile expressions', () => {
  it('rejects deep nesting cleanly', () => {
    expect(issue(`${'('.repeat(5000)}1${')'.repeat(5000)}`).code).toBe('limit_exceeded');
    expect(issue(`${'!'.repeat(50000)}true`).code).toBe('limit_exceeded');
    expect(issue(`${'['.repeat(3000)}${']'.repeat(3000)}`).code).toBe('limit_exceeded');
    expect(issue(`${'-'.repeat(20000)}1`).code).toBe('limit_exceeded');
  });

  it('string.format: refuses a precision the platform printer does not read (Go fmt parsenum/tooLarge) and charges what a clause writes', () => {
    // Beyond 10000009 Go's printer stops reading the number: nothing of that size is written.
    expect(evalError('"%.400000000e".format([1.5])', {}).message).toContain(
      "precision 400000000 is more than the platform's printer reads (at most 10000009)",
    );
    expect(evalError('"%.10000010f".format([1.5])', {}).message).toContain("is more than the platform's printer reads");
    // A precision the printer reads is written, and its length is charged: 100000 digits
    // cost about 6250, over a limit of 1000 and within the default.
    expect(evalError('"%.100000f".format([1.5]).size() > 0', {}, { costLimit: 1000 }).message).toContain('cost limit exceeded');
    const r = env.compile('"%.100000f".format([1.5]).size()');
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    expect(r.program.evaluate({})).toBe(100_002n);
    // The argument's own length is charged too (%s of a long string).
    expect(
      evalError('"%s%s%s%s".format([s, s, s, s]).size() > 0', { s: 'x'.repeat(10_000) }, { costLimit: 1000 }).message,
    ).toContain('cost limit exceeded');
  });

  it('rejects long operator chains that would recurse in the checker', () => {
    expect(issue(Array(2000).fill('1').join(' + ')).code).toBe('limit_exceeded');
  });

  it('rejects oversized expressions and huge literals', () => {
    expect(issue(`s == "${'a'.repeat(200_000)}"`).code).toBe('limit_exceeded');
    expect(issue(`[${Array(5000).fill('1').join(',')}].size() > 0`).code).toBe('limit_exceeded');
    const small = new CelEnvironment({ variables: [] }, { maxExpressionLength: 10 });
    expect(issue('1 + 2 + 3 + 4', small)).toMatchObject({ code: 'limit_exceeded', start: 10, end: 13 });
  });

  it('rejects exponential comprehensions by static cost', () => {
    const i = issue('xs.all(a, xs.all(b, xs.all(c, a + b + c > 0)))');
    expect(i.code).toBe('cost_limit');
    expect(i.message).toContain('exceeds the per-expression limit');
    const tight = new CelEnvironment({ variables: [{ name: 'xs', type: 'list<int>' }] }, { maxEstimatedCost: 100 });
    expect(issue('xs.all(a, a > 0)', tight).code).toBe('cost_limit');
    expect(tight.check('[1, 2].all(a, a > 0)')).toEqual([]);
  });

  it('rejects doubling via bind chains by static cost', () => {
    let expr = 'a59';
    for (let i = 59; i >= 1; i--) expr = `cel.bind(a${i}, a${i - 1} + a${i - 1}, ${expr})`;
    expect(issue(`size(cel.bind(a0, [1, 2, 3, 4], ${expr})) > 0`).code).toBe('cost_limit');
  });

  it('stops a nested all() over a large input at the runtime budget', () => {
    const xs = Array.from({ length: 3000 }, (_, i) => BigInt(i));
    const e = evalError('xs.all(a, xs.all(b, a + b >= 0))', { xs });
    expect(e.code).toBe('cost_limit_exceeded');
    expect(e.message).toContain('cost limit');
  });

  it('stops at a caller-set budget and at a passed deadline', () => {
    const xs = Array.from({ length: 200 }, (_, i) => BigInt(i));
    expect(evalError('xs.map(a, xs.filter(b, b > a)).size() > 0', { xs }, { costLimit: 500 }).code).toBe('cost_limit_exceeded');
    const e = evalError('xs.all(a, xs.all(b, a + b >= 0))', { xs }, { deadline: Date.now() - 1 });
    expect(e.message).toContain('deadline');
  });

  it('stops exponential growth inside map()', () => {
    const chain = Array(40).fill('.map(l, l + l)').join('');
    const e = evalError(`[[1, 2]]${chain}.size() > 0`, {});
    expect(e.code).toBe('cost_limit_exceeded');
  });

  it('matches catastrophic regular expressions in linear time (RE2)', () => {
    const r = env.compile('s.matches("(a+)+$") && s.matches("^(a|aa)+$")');
    if (!r.ok) throw new Error('compile');
    expect(r.program.evaluate({ s: `${'a'.repeat(20000)}!` })).toBe(false);
    expect(r.program.evaluate({ s: 'a'.repeat(20000) })).toBe(true);
  });

  it('reports invalid literal regular expressions at compile time, with a range', () => {
    const expr = 's.matches("(unclosed")';
    const i = issue(expr);
    expect(expr.slice(i.start, i.end)).toBe('"(unclosed"');
  });

  it('reports integer overflow as an error', () => {
    expect(evalError('9223372036854775807 + size(xs)', { xs: [1n] }).message).toContain('overflow');
  });
});

describe('budget reuse', () => {
  it('starts every evaluation of a program with a full budget', () => {
    const r = env.compile('xs.all(x, x >= 0)');
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    const xs = Array.from({ length: 50 }, (_, i) => BigInt(i));
    expect(() => r.program.evaluate({ xs, s: '' }, { costLimit: 10 })).toThrow(CelEvaluationError);
    // The failed run must not leave its spent budget (or its limit) to the next one.
    expect(r.program.evaluate({ xs, s: '' })).toBe(true);
    expect(r.program.evaluate({ xs, s: '' }, { costLimit: 1000 })).toBe(true);
  });
});
