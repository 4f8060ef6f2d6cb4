import { describe, expect, it } from 'vitest';
import { CelEnvironment, CelEvaluationError } from './env/environment.js';

const env = new CelEnvironment({
  variables: [
    { name: 'xs', type: 'list<int>' },
    { name: 'ys', type: 'list<int>' },
    { name: 's', type: 'string' },
    { name: 'o', type: 'map<string, int>' },
  ],
});

function run(expr: string, activation: Record<string, unknown>, costLimit: number): unknown {
  const r = env.compile(expr);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.program.evaluate(activation, { costLimit });
}

function failure(expr: string, activation: Record<string, unknown>, costLimit: number): CelEvaluationError {
  try {
    run(expr, activation, costLimit);
  } catch (e) {
    expect(e).toBeInstanceOf(CelEvaluationError);
    return e as CelEvaluationError;
  }
  throw new Error('expected the budget to stop the evaluation');
}

const ints = (n: number): bigint[] => Array.from({ length: n }, (_, i) => BigInt(i));

describe('run-time cost of operators', () => {
  it('charges list concatenation by the size of its result, before building it', () => {
    const xs = ints(10_000);
    // 1 + 2,000 units for a 20,000-element result: over a budget of 1,000.
    expect(failure('size(xs + xs) > 0', { xs }, 1_000).message).toBe(
      'operation cancelled: actual cost limit exceeded (limit 1000)',
    );
    expect(run('size(xs + xs)', { xs }, 5_000)).toBe(20_000n);
  });

  it('charges string concatenation by the size of its result', () => {
    const s = 'x'.repeat(50_000);
    expect(failure('size(s + s) > 0', { s }, 5_000).message).toContain('actual cost limit exceeded');
    expect(run('size(s + s)', { s }, 20_000)).toBe(100_000n);
  });

  it('charges equality and ordering of large values by what they walk', () => {
    const xs = ints(50_000);
    expect(failure('xs == ys', { xs, ys: [...xs] }, 1_000).message).toContain('actual cost limit exceeded');
    const s = 'y'.repeat(50_000);
    expect(failure('s < s + "z"', { s }, 5_000).message).toContain('actual cost limit exceeded');
    expect(run('xs == ys', { xs, ys: [...xs] }, 10_000)).toBe(true);
  });

  it('charges a unit per field selection and comparison call', () => {
    const o = { a: 1n };
    // Twelve selections and comparisons: over a budget of ten, within one of twenty.
    const expr = Array.from({ length: 6 }, () => 'o.a == 1').join(' && ');
    expect(failure(expr, { o }, 10).message).toContain('actual cost limit exceeded');
    expect(run(expr, { o }, 20)).toBe(true);
  });

  it('stops a list doubled through bindings long before memory runs out', () => {
    let expr = 'size(l24) > 0';
    for (let i = 24; i >= 1; i--) expr = `cel.bind(l${i}, l${i - 1} + l${i - 1}, ${expr})`;
    const lax = new CelEnvironment(
      { variables: [{ name: 'l0', type: 'list<int>' }] },
      { maxEstimatedCost: Number.MAX_SAFE_INTEGER },
    );
    const r = lax.compile(expr);
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    expect(() => r.program.evaluate({ l0: [1n, 2n] }, { costLimit: 1_000_000 })).toThrow('actual cost limit exceeded');
  });
});
