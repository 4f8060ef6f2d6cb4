// `string.format` as the platform runs it: its strings extension is cel-go's at version 2,
// whose formatter renders values inside lists and maps as CEL literals (strings quoted,
// doubles with six decimals, `timestamp("...")`), `%f`/`%e` through a locale-aware printer
// (grouped thousands, `∞`, `1.5 × 10⁰²`), and accepts only the argument types below for
// each clause. The cel-spec conformance data expects cel-go's newer formatter instead
// (`SPEC_FORMATTER`, selected by `EnvironmentSpec.celSpecFormat`).
import { Optional } from '@marcbachmann/cel-js';
import { Duration, UnsignedInt } from '@marcbachmann/cel-js/evaluator';
import { fixedParts, hex, integerText, interpolate, scientificParts, type ClauseFormatter } from './format.js';
import { fail } from './macro.js';
import { writtenKey } from '../values.js';

const NARROW_SPACE = '\u202f';
const SUPERSCRIPT = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];

function isType(v: unknown): v is { name: string } {
  return Object.prototype.toString.call(v).startsWith('[object Type<');
}

function typeName(v: unknown): string {
  if (v === null || v === undefined) return 'null_type';
  if (typeof v === 'number') return 'double';
  if (typeof v === 'bigint') return 'int';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'string') return 'string';
  if (v instanceof UnsignedInt) return 'uint';
  if (v instanceof Uint8Array) return 'bytes';
  if (v instanceof Optional) return 'optional_type';
  if (Array.isArray(v)) return 'list';
  return 'map';
}

// Go's %q of a string (strconv.Quote), enough for what CEL strings hold.
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0) as number;
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\r') out += '\\r';
    else if (c === 7) out += '\\a';
    else if (c === 8) out += '\\b';
    else if (c === 12) out += '\\f';
    else if (c === 11) out += '\\v';
    else if (c < 0x20 || c === 0x7f) out += `\\x${c.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

function timestampText(d: Date): string {
  return d.toISOString().replace(/\.(\d*?)0*Z$/, (_m, f: string) => (f ? `.${f}Z` : 'Z'));
}

// Go's FormatFloat(d, 'g', -1, 64), which CEL's string(double) is.
function goShortest(d: number): string {
  if (Number.isNaN(d)) return 'NaN';
  if (d === Infinity) return '+Inf';
  if (d === -Infinity) return '-Inf';
  if (d === 0) return Object.is(d, -0) ? '-0' : '0';
  const [mant, expText] = d.toExponential().split('e') as [string, string];
  const exp = Number(expText);
  if (exp < -4 || exp >= 6) return `${mant}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  return String(d);
}

/** `%s` of a value: CEL's string conversion, lists and maps as below. */
function formatValue(v: unknown): string {
  if (Array.isArray(v)) return formatList(v);
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return goShortest(v);
  if (typeof v === 'bigint' || typeof v === 'boolean') return String(v);
  if (v === null || v === undefined) return 'null';
  if (v instanceof UnsignedInt) return String(v.valueOf());
  if (v instanceof Uint8Array) return new TextDecoder().decode(v);
  if (v instanceof Date) return timestampText(v);
  if (v instanceof Duration) return v.toString();
  if (isType(v)) return v.name;
  if (v instanceof Optional || typeof v !== 'object')
    throw fail(`error during formatting: %s cannot format a value of type ${typeName(v)}`);
  return formatMap(v);
}

// A member of a list or map: a CEL literal.
function formatMember(v: unknown): string {
  if (typeof v === 'string') return goQuote(v);
  if (v instanceof Uint8Array) return `b${goQuote(new TextDecoder().decode(v))}`;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return goQuote(Number.isNaN(v) ? 'NaN' : v > 0 ? '+Inf' : '-Inf');
    const { sign, whole, fraction } = fixedParts(v, 6);
    return `${sign}${whole}.${fraction}`;
  }
  if (v instanceof Date) return `timestamp(${goQuote(timestampText(v))})`;
  if (v instanceof Duration) return `duration(${goQuote(v.toString())})`;
  return formatValue(v);
}

function formatList(l: unknown[]): string {
  return `[${l.map(formatMember).join(', ')}]`;
}

function formatMap(m: object): string {
  const entries: [unknown, unknown][] =
    m instanceof Map ? [...m.entries()] : Object.entries(m).map(([k, v]) => [writtenKey(m, k), v]);
  const pairs = entries.map(([k, v]) => {
    if (typeof k !== 'string' && typeof k !== 'boolean' && typeof k !== 'bigint' && !(k instanceof UnsignedInt)) {
      throw fail(`error during formatting: no formatting for a map key of type ${typeName(k)}`);
    }
    return [typeof k === 'string' ? goQuote(k) : formatValue(k), formatMember(v)] as const;
  });
  // sort.SliceStable by the written key, compared as Go compares strings: byte by byte in UTF-8.
  pairs.sort((a, b) => Buffer.compare(Buffer.from(a[0], 'utf8'), Buffer.from(b[0], 'utf8')));
  return `{${pairs.map(([k, v]) => `${k}:${v}`).join(', ')}}`;
}

// %f and %e take doubles, and the strings "NaN", "Infinity" and "-Infinity".
function floatArg(v: unknown, clause: string): number {
  if (typeof v === 'number') return v;
  if (v === 'NaN') return NaN;
  if (v === 'Infinity') return Infinity;
  if (v === '-Infinity') return -Infinity;
  throw fail(`error during formatting: ${clause} clause can only be used on doubles, was given ${typeName(v)}`);
}

function nonFinite(d: number): string | null {
  if (Number.isNaN(d)) return 'NaN';
  if (d === Infinity) return '∞';
  if (d === -Infinity) return '-∞';
  return null;
}

function grouped(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function superscript(n: number): string {
  const digits = String(Math.abs(n)).padStart(2, '0');
  return `${n < 0 ? '⁻' : ''}${[...digits].map((c) => SUPERSCRIPT[Number(c)]).join('')}`;
}

function integerArg(v: unknown, clause: string, bool = false): unknown {
  if (typeof v === 'bigint' || v instanceof UnsignedInt || (bool && typeof v === 'boolean')) return v;
  throw fail(
    `error during formatting: ${clause} clause can only be used on integers${bool ? ' and bools' : ''}, was given ${typeName(v)}`,
  );
}

function scientificText(d: number): string {
  const { sign, mant, exp } = scientificParts(d, 6);
  return `${sign}${mant}${NARROW_SPACE}×${NARROW_SPACE}10${superscript(exp)}`;
}

// cel-go's scientific clause of strings version 2 (ext/formatting.go, stringFormatter.Scientific)
// writes its precision as a width, `fmt.Sprintf("%%%de", *precision)`: the digits stay six and
// `%.20e` pads on the left to 20 characters. The printer (golang.org/x/text/message, seen with
// v0.7.0) counts the width in characters and keeps it modulo 65536.
const WIDTH_MODULO = 65536;

function padded(text: string, width: number): string {
  const missing = (width % WIDTH_MODULO) - [...text].length;
  return missing > 0 ? ' '.repeat(missing) + text : text;
}

const PLATFORM_FORMATTER: ClauseFormatter = {
  s: formatValue,
  d: (v) => integerText(integerArg(v, 'decimal'), 10, 'd'),
  b: (v) => integerText(integerArg(v, 'binary', true), 2, 'b'),
  o: (v) => integerText(integerArg(v, 'octal'), 8, 'o'),
  x: (v, upper) => {
    if (
      typeof v === 'number' ||
      typeof v === 'boolean' ||
      v === null ||
      (typeof v === 'object' && !(v instanceof Uint8Array) && !(v instanceof UnsignedInt))
    ) {
      throw fail(
        `error during formatting: only integers, byte buffers and strings can be formatted as hex, was given ${typeName(v)}`,
      );
    }
    return hex(v, upper);
  },
  f: (v, p) => {
    const d = floatArg(v, 'fixed-point');
    const special = nonFinite(d);
    if (special) return special;
    const precision = p ?? 6;
    const { sign, whole, fraction } = fixedParts(d, precision);
    return `${sign}${grouped(whole)}${precision === 0 ? '' : `.${fraction}`}`;
  },
  e: (v, p) => {
    const d = floatArg(v, 'scientific');
    const text = nonFinite(d) ?? scientificText(d);
    return p === undefined ? text : padded(text, p);
  },
};

export function formatPlatform(template: string, args: unknown[]): string {
  return interpolate(template, args, PLATFORM_FORMATTER);
}
