// `string.format(list)` with the verbs of the CEL strings extension.
import { Duration, UnsignedInt } from '@marcbachmann/cel-js/evaluator';
import { Optional } from '@marcbachmann/cel-js';
import { charge } from '../budget.js';
import { celCompare } from './compare.js';
import { fail } from './macro.js';

function doubleText(d: number): string {
  if (Number.isNaN(d)) return 'NaN';
  if (d === Infinity) return 'Infinity';
  if (d === -Infinity) return '-Infinity';
  return shortestG(d);
}

// The platform renders a double as Go's strconv.FormatFloat(d, 'g', -1, 64): the shortest
// digits that read back as d, in exponent form when the decimal exponent is below -4 or
// 6 and above (1e+06, 1.5e-07), else plainly (0.0045, 123456).
function shortestG(d: number): string {
  if (d === 0) return Object.is(d, -0) ? '-0' : '0';
  const [mant, expText] = d.toExponential().split('e') as [string, string];
  const exp = Number(expText);
  if (exp < -4 || exp >= 6) return `${mant}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  return String(d);
}

// Exact decimal digits of a double: its value is mant * 2^e2, so N / D below is exact and
// rounding it half to even matches Go's formatting at any precision.
function decompose(d: number): { mant: bigint; e2: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(d));
  const bits = view.getBigUint64(0);
  const exponent = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  return exponent === 0 ? { mant: fraction, e2: -1074 } : { mant: fraction | (1n << 52n), e2: exponent - 1075 };
}

function roundHalfEven(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r2 = (n % d) * 2n;
  if (r2 > d || (r2 === d && q % 2n === 1n)) return q + 1n;
  return q;
}

// round(|d| * 10^shift) as an integer, exactly.
function scaledDigits(d: number, shift: number): bigint {
  const { mant, e2 } = decompose(d);
  let n = mant;
  let den = 1n;
  if (e2 >= 0) n <<= BigInt(e2);
  else den <<= BigInt(-e2);
  if (shift >= 0) n *= 10n ** BigInt(shift);
  else den *= 10n ** BigInt(-shift);
  return roundHalfEven(n, den);
}

// The longest precision rendered; Go has none, but digits past this say nothing more.
const MAX_PRECISION = 1100;

function isNumber(v: unknown): v is number | bigint | UnsignedInt {
  return typeof v === 'number' || typeof v === 'bigint' || v instanceof UnsignedInt;
}

/** The `%s` rendering of a value. */
function displayString(v: unknown, nested = false): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return doubleText(v);
  if (typeof v === 'bigint' || typeof v === 'boolean') return String(v);
  if (v === null || v === undefined) return 'null';
  if (v instanceof UnsignedInt) return String(v.valueOf());
  if (v instanceof Uint8Array) return new TextDecoder().decode(v);
  if (v instanceof Date) return v.toISOString().replace('.000Z', 'Z');
  if (v instanceof Duration) return v.toString();
  // Type values (`type(x)`) render as their name.
  if (Object.prototype.toString.call(v).startsWith('[object Type<')) return (v as { name: string }).name;
  if (v instanceof Optional) return v.hasValue() ? displayString(v.value(), nested) : 'optional.none()';
  if (Array.isArray(v)) return `[${v.map((x) => displayString(x, true)).join(', ')}]`;
  const entries: [unknown, unknown][] = v instanceof Map ? [...v.entries()] : Object.entries(v as object);
  entries.sort((a, b) => {
    const ka = a[0];
    const kb = b[0];
    if (typeof ka === typeof kb) return celCompare(ka, kb);
    return String(ka) < String(kb) ? -1 : 1;
  });
  return `{${entries.map(([k, x]) => `${displayString(k, true)}: ${displayString(x, true)}`).join(', ')}}`;
}

/** Fixed-point digits of a finite double, exactly rounded: sign, whole part, fraction. */
function fixedParts(d: number, precision: number): { sign: string; whole: string; fraction: string } {
  const p = Math.min(precision, MAX_PRECISION);
  const digits = scaledDigits(d, p)
    .toString()
    .padStart(p + 1, '0');
  const sign = d < 0 || Object.is(d, -0) ? '-' : '';
  return {
    sign,
    whole: digits.slice(0, digits.length - p),
    fraction: `${digits.slice(digits.length - p)}${'0'.repeat(precision - p)}`,
  };
}

function fixed(d: number, precision: number): string {
  if (!Number.isFinite(d)) return doubleText(d);
  const { sign, whole, fraction } = fixedParts(d, precision);
  return precision === 0 ? `${sign}${whole}` : `${sign}${whole}.${fraction}`;
}

/** Scientific digits of a finite double: sign, mantissa text and decimal exponent. */
function scientificParts(d: number, precision: number): { sign: string; mant: string; exp: number } {
  const p = Math.min(precision, MAX_PRECISION);
  const sign = d < 0 || Object.is(d, -0) ? '-' : '';
  let exp = d === 0 ? 0 : Math.floor(Math.log10(Math.abs(d)));
  let digits = scaledDigits(d, p - exp).toString();
  // log10 may be off by one near powers of ten; rounding may also carry into a new digit.
  if (d !== 0 && digits.length > p + 1) {
    exp += 1;
    digits = scaledDigits(d, p - exp).toString();
  } else if (d !== 0 && digits.length < p + 1) {
    exp -= 1;
    digits = scaledDigits(d, p - exp).toString();
  }
  digits = digits.padStart(p + 1, '0');
  const mant = p === 0 ? digits.slice(0, 1) : `${digits.slice(0, 1)}.${digits.slice(1)}${'0'.repeat(precision - p)}`;
  return { sign, mant, exp };
}

function scientific(d: number, precision: number): string {
  if (!Number.isFinite(d)) return doubleText(d);
  const { sign, mant, exp } = scientificParts(d, precision);
  return `${sign}${mant}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
}

function integerText(v: unknown, radix: number, verb: string): string {
  if (typeof v === 'boolean' && radix === 2) return v ? '1' : '0';
  if (typeof v === 'bigint') return v.toString(radix);
  if (v instanceof UnsignedInt) return v.valueOf().toString(radix);
  if (typeof v === 'number' && verb === 'd' && !Number.isFinite(v)) return doubleText(v);
  throw fail(
    `error during formatting: %${verb} is not defined for ${v === null ? 'null' : typeof v === 'number' ? 'double' : typeof v}`,
  );
}

function hex(v: unknown, upper: boolean): string {
  let out: string;
  if (typeof v === 'string') out = Buffer.from(v, 'utf8').toString('hex');
  else if (v instanceof Uint8Array) out = Buffer.from(v).toString('hex');
  else out = integerText(v, 16, upper ? 'X' : 'x');
  return upper ? out.toUpperCase() : out;
}

/** How one formatter renders each clause; `precision` is given only when written (`%.3f`). */
export interface ClauseFormatter {
  s(v: unknown): string;
  d(v: unknown): string;
  b(v: unknown): string;
  o(v: unknown): string;
  x(v: unknown, upper: boolean): string;
  f(v: unknown, precision: number | undefined): string;
  e(v: unknown, precision: number | undefined): string;
}

/** `template.format(args)`: the clause grammar both formatters share. */
export function interpolate(template: string, args: unknown[], formatter: ClauseFormatter): string {
  let out = '';
  let next = 0;
  const take = (): unknown => {
    if (next >= args.length) throw fail(`error during formatting: index ${next} out of range`);
    return args[next++];
  };
  for (let i = 0; i < template.length; i++) {
    const c = template[i];
    if (c !== '%') {
      out += c;
      continue;
    }
    let j = i + 1;
    let precision: number | undefined;
    if (template[j] === '.') {
      let k = j + 1;
      while (/[0-9]/.test(template[k] ?? '')) k++;
      precision = precisionOf(template.slice(j + 1, k));
      j = k;
    }
    const verb = template[j];
    i = j;
    const before = out.length;
    switch (verb) {
      case '%':
        out += '%';
        break;
      case 's':
        out += formatter.s(take());
        break;
      case 'd':
        out += formatter.d(take());
        break;
      case 'b':
        out += formatter.b(take());
        break;
      case 'o':
        out += formatter.o(take());
        break;
      case 'x':
      case 'X':
        out += formatter.x(take(), verb === 'X');
        break;
      case 'f':
        out += formatter.f(take(), precision);
        break;
      case 'e':
        out += formatter.e(take(), precision);
        break;
      default:
        throw fail(`error during formatting: unrecognized formatting clause "${verb ?? ''}"`);
    }
    // What a clause writes is charged as it is written, as a string function charges the
    // text it traverses: a long precision or a long argument costs what it produces, and
    // the budget (and its deadline) stop a format before its output grows further.
    charge((out.length - before) >> 4);
  }
  return out;
}

/**
 * The largest precision the platform's printer reads. cel-go writes the precision into a Go
 * format string (`%.<n>f`), and Go's printer stops reading a number once it has passed a
 * million (fmt's parsenum and tooLarge): a longer precision is not rendered at all, so a
 * request cannot make it write hundreds of megabytes of zeros. Refused here as an error.
 */
const PRINTER_MAX_NUMBER = 1_000_000;
/** The largest number that passes that check: a million, then one more digit. */
export const MAX_FORMAT_PRECISION = PRINTER_MAX_NUMBER * 10 + 9;

function precisionOf(digits: string): number {
  let n = 0;
  for (const digit of digits) {
    if (n > PRINTER_MAX_NUMBER) {
      const shown = digits.length > 20 ? `${digits.slice(0, 20)}...` : digits;
      throw fail(
        `error during formatting: precision ${shown} is more than the platform's printer reads (at most ${MAX_FORMAT_PRECISION})`,
      );
    }
    n = n * 10 + Number(digit);
  }
  return n;
}

function floatArg(v: unknown, verb: string): number {
  if (!isNumber(v)) throw fail(`error during formatting: %${verb} is not defined for ${v === null ? 'null' : typeof v}`);
  return Number(v instanceof UnsignedInt ? v.valueOf() : v);
}

/** The cel-spec conformance data's formatter (cel-go's newest strings extension). */
const SPEC_FORMATTER: ClauseFormatter = {
  s: (v) => displayString(v),
  d: (v) => integerText(v, 10, 'd'),
  b: (v) => integerText(v, 2, 'b'),
  o: (v) => integerText(v, 8, 'o'),
  x: (v, upper) => hex(v, upper),
  f: (v, p) => fixed(floatArg(v, 'f'), p ?? 6),
  e: (v, p) => scientific(floatArg(v, 'e'), p ?? 6),
};

export function formatString(template: string, args: unknown[]): string {
  return interpolate(template, args, SPEC_FORMATTER);
}

export { fixedParts, hex, integerText, scientificParts };

const VERBS = new Set(['s', 'd', 'b', 'o', 'x', 'X', 'f', 'e']);

/** The verbs of a format string that take an argument, or the problem with its clauses. */
export function scanFormat(template: string): { verbs: string[] } | { problem: string } {
  const verbs: string[] = [];
  for (let i = 0; i < template.length; i++) {
    if (template[i] !== '%') continue;
    let j = i + 1;
    if (template[j] === '.') {
      j++;
      while (/[0-9]/.test(template[j] ?? '')) j++;
    }
    const verb = template[j];
    i = j;
    if (verb === '%') continue;
    if (verb === undefined || !VERBS.has(verb)) return { problem: `unrecognized formatting clause "%${verb ?? ''}"` };
    verbs.push(verb);
  }
  return { verbs };
}
