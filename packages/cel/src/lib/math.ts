// cel-go's math extension (`math.greatest`, `math.least`, rounding, signs, bit operations).
import type { Environment } from '@marcbachmann/cel-js';
import { UnsignedInt } from '@marcbachmann/cel-js/evaluator';
import { charge } from '../budget.js';
import { celCompare } from './compare.js';
import { fail } from './macro.js';
import { defineNamespace } from './namespace.js';

const INT_MIN = -(2n ** 63n);
const MASK64 = 2n ** 64n - 1n;

// Go's `int64` view of 64 bits.
function toInt64(bits: bigint): bigint {
  return BigInt.asIntN(64, bits);
}

function isNumeric(v: unknown): boolean {
  return typeof v === 'bigint' || typeof v === 'number' || v instanceof UnsignedInt;
}

// The greatest (sign 1) or least (sign -1) of numbers, compared across int, uint and double.
function extreme(values: unknown[], sign: number, name: string): unknown {
  const list = values.length === 1 && Array.isArray(values[0]) ? (values[0] as unknown[]) : values;
  charge(1 + list.length);
  if (list.length === 0) throw fail(`math.${name}() needs at least one value`);
  let best = list[0];
  for (const v of list) {
    if (!isNumeric(v)) throw fail(`math.${name}() takes only int, uint and double values`);
    if (celCompare(v, best) * sign > 0) best = v;
  }
  return best;
}

// Go's math.Round: halves away from zero.
function roundHalfAway(x: number): number {
  return Number.isFinite(x) ? Math.sign(x) * Math.round(Math.abs(x)) : x;
}

function shiftCount(n: bigint): bigint {
  if (n < 0n) throw fail(`math.bitShift: negative shift count ${n}`);
  return n;
}

const MAX_ARGS = 16;

export function installMath(env: Environment): void {
  const ns = defineNamespace(env, 'math');
  const fn = (sig: string, f: (...a: never[]) => unknown): void => {
    env.registerFunction(`${ns}.${sig}`, (_ns: unknown, ...args: never[]) => f(...args));
  };
  for (const [name, sign] of [
    ['greatest', 1],
    ['least', -1],
  ] as const) {
    for (let n = 1; n <= MAX_ARGS; n++) {
      const params = Array.from({ length: n }, () => 'dyn').join(', ');
      fn(`${name}(${params}): dyn`, (...args: unknown[]) => extreme(args, sign, name));
    }
  }
  fn('ceil(double): double', Math.ceil as never);
  fn('floor(double): double', Math.floor as never);
  fn('round(double): double', roundHalfAway as never);
  fn('trunc(double): double', Math.trunc as never);
  fn('sqrt(double): double', Math.sqrt as never);
  fn('sqrt(int): double', ((x: bigint) => Math.sqrt(Number(x))) as never);
  fn('sqrt(uint): double', ((x: UnsignedInt) => Math.sqrt(Number(x.valueOf()))) as never);
  fn('isInf(double): bool', ((x: number) => x === Infinity || x === -Infinity) as never);
  fn('isNaN(double): bool', Number.isNaN as never);
  fn('isFinite(double): bool', Number.isFinite as never);
  fn('abs(double): double', Math.abs as never);
  fn('abs(uint): uint', ((x: UnsignedInt) => x) as never);
  fn('abs(int): int', ((x: bigint) => {
    if (x === INT_MIN) throw fail('math.abs() overflows for the smallest int');
    return x < 0n ? -x : x;
  }) as never);
  fn('sign(double): double', ((x: number) => (Number.isNaN(x) ? x : Math.sign(x) + 0)) as never);
  fn('sign(int): int', ((x: bigint) => (x > 0n ? 1n : x < 0n ? -1n : 0n)) as never);
  fn('sign(uint): uint', ((x: UnsignedInt) => new UnsignedInt(x.valueOf() > 0n ? 1n : 0n)) as never);

  const u = (x: bigint): UnsignedInt => new UnsignedInt(x & MASK64);
  fn('bitAnd(int, int): int', ((a: bigint, b: bigint) => a & b) as never);
  fn('bitAnd(uint, uint): uint', ((a: UnsignedInt, b: UnsignedInt) => u(a.valueOf() & b.valueOf())) as never);
  fn('bitOr(int, int): int', ((a: bigint, b: bigint) => a | b) as never);
  fn('bitOr(uint, uint): uint', ((a: UnsignedInt, b: UnsignedInt) => u(a.valueOf() | b.valueOf())) as never);
  fn('bitXor(int, int): int', ((a: bigint, b: bigint) => a ^ b) as never);
  fn('bitXor(uint, uint): uint', ((a: UnsignedInt, b: UnsignedInt) => u(a.valueOf() ^ b.valueOf())) as never);
  fn('bitNot(int): int', ((a: bigint) => ~a) as never);
  fn('bitNot(uint): uint', ((a: UnsignedInt) => u(~a.valueOf())) as never);
  fn('bitShiftLeft(int, int): int', ((a: bigint, n: bigint) => (shiftCount(n) >= 64n ? 0n : toInt64(a << n))) as never);
  fn('bitShiftLeft(uint, int): uint', ((a: UnsignedInt, n: bigint) => u(shiftCount(n) >= 64n ? 0n : a.valueOf() << n)) as never);
  // Right shifts of ints are logical, as cel-go's: the sign bit is not copied.
  fn('bitShiftRight(int, int): int', ((a: bigint, n: bigint) =>
    shiftCount(n) >= 64n ? 0n : toInt64((a & MASK64) >> n)) as never);
  fn('bitShiftRight(uint, int): uint', ((a: UnsignedInt, n: bigint) => u(shiftCount(n) >= 64n ? 0n : a.valueOf() >> n)) as never);
}
