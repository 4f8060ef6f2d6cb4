// Kubernetes resource quantities (`quantity('500m').isLessThan(quantity('1'))`), held as
// exact fractions so comparisons never round.
import type { Environment } from '@marcbachmann/cel-js';
import { parseQuantity as parseExact } from '@platlint/core/values';
import { charge } from '../budget.js';
import { fail } from './macro.js';

const MAX_INT = (1n << 63n) - 1n;
const MIN_INT = -(1n << 63n);

function gcd(a: bigint, b: bigint): bigint {
  a = a < 0n ? -a : a;
  while (b) [a, b] = [b, a % b];
  return a || 1n;
}

class QuantityValue {
  static celType = 'kubernetes.Quantity';
  readonly num: bigint;
  readonly den: bigint;
  constructor(num: bigint, den: bigint) {
    const g = gcd(num, den);
    this.num = num / g;
    this.den = den / g;
  }

  compare(o: QuantityValue): number {
    const l = this.num * o.den;
    const r = o.num * this.den;
    return l < r ? -1 : l > r ? 1 : 0;
  }

  plus(o: QuantityValue, sign = 1n): QuantityValue {
    return new QuantityValue(this.num * o.den + sign * o.num * this.den, this.den * o.den);
  }
}

function parseQuantity(s: string): QuantityValue | null {
  const q = parseExact(s);
  return q ? new QuantityValue(q.num, q.den) : null;
}

function quantityOrFail(s: string): QuantityValue {
  const q = parseQuantity(s);
  if (!q) throw fail(`quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$': '${s}'`);
  return q;
}

const fromInt = (n: bigint): QuantityValue => new QuantityValue(n, 1n);

export function installQuantity(env: Environment): void {
  const Q = 'kubernetes.Quantity';
  env.registerType(Q, { ctor: QuantityValue, fields: {} });
  env.registerFunction('isQuantity(string): bool', (s: string) => (charge(1), parseQuantity(s) !== null));
  env.registerFunction(`quantity(string): ${Q}`, (s: string) => (charge(1), quantityOrFail(s)));
  env.registerFunction(`${Q}.sign(): int`, (q: QuantityValue) => (q.num > 0n ? 1n : q.num < 0n ? -1n : 0n));
  env.registerFunction(`${Q}.isInteger(): bool`, (q: QuantityValue) => q.den === 1n && q.num <= MAX_INT && q.num >= MIN_INT);
  env.registerFunction(`${Q}.asInteger(): int`, (q: QuantityValue) => {
    if (q.den !== 1n || q.num > MAX_INT || q.num < MIN_INT) throw fail('cannot convert value to integer');
    return q.num;
  });
  env.registerFunction(`${Q}.asApproximateFloat(): double`, (q: QuantityValue) => Number(q.num) / Number(q.den));
  env.registerFunction(`${Q}.add(${Q}): ${Q}`, (a: QuantityValue, b: QuantityValue) => a.plus(b));
  env.registerFunction(`${Q}.add(int): ${Q}`, (a: QuantityValue, b: bigint) => a.plus(fromInt(b)));
  env.registerFunction(`${Q}.sub(${Q}): ${Q}`, (a: QuantityValue, b: QuantityValue) => a.plus(b, -1n));
  env.registerFunction(`${Q}.sub(int): ${Q}`, (a: QuantityValue, b: bigint) => a.plus(fromInt(b), -1n));
  env.registerFunction(`${Q}.isGreaterThan(${Q}): bool`, (a: QuantityValue, b: QuantityValue) => a.compare(b) > 0);
  env.registerFunction(`${Q}.isLessThan(${Q}): bool`, (a: QuantityValue, b: QuantityValue) => a.compare(b) < 0);
  env.registerFunction(`${Q}.compareTo(${Q}): int`, (a: QuantityValue, b: QuantityValue) => BigInt(a.compare(b)));
  env.registerOperator(`${Q} == ${Q}`, (a: QuantityValue, b: QuantityValue) => a.compare(b) === 0);
  // The platform declares sign() as a global function too (`sign(quantity("-1"))`).
  env.registerFunction(`sign(${Q}): int`, (q: QuantityValue) => (q.num > 0n ? 1n : q.num < 0n ? -1n : 0n));
  env.registerFunction(`${Q}.mul(int): ${Q}`, (q: QuantityValue, n: bigint) => new QuantityValue(q.num * n, q.den));
  env.registerFunction(`${Q}.div(int): ${Q}`, (q: QuantityValue, n: bigint) => divideRounded(q, n, DEFAULT_DIVISION_DIGITS));
  env.registerFunction(`${Q}.div(int, int): ${Q}`, (q: QuantityValue, n: bigint, digits: bigint) => {
    if (digits < 0n || digits > 10n) throw fail(`div(): the number of decimal digits must be between 0 and 10, got ${digits}`);
    return divideRounded(q, n, Number(digits));
  });
  env.registerFunction(`${Q}.divInt(int): ${Q}`, (q: QuantityValue, n: bigint) => {
    if (n === 0n) throw fail('division by zero');
    // Integer division truncates toward zero.
    return fromInt(q.num / q.den / n);
  });
}

// div() without a digit count keeps four decimal digits.
const DEFAULT_DIVISION_DIGITS = 4;

// q / n rounded to `digits` decimal digits, halves away from zero.
function divideRounded(q: QuantityValue, n: bigint, digits: number): QuantityValue {
  if (n === 0n) throw fail('division by zero');
  const scale = 10n ** BigInt(digits);
  const num = q.num * scale;
  const den = q.den * n;
  const negative = num < 0n !== den < 0n;
  const an = num < 0n ? -num : num;
  const ad = den < 0n ? -den : den;
  let rounded = an / ad;
  if ((an % ad) * 2n >= ad) rounded += 1n;
  return new QuantityValue(negative ? -rounded : rounded, scale);
}
