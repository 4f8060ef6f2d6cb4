// `string.format(list)` with the verbs of the CEL strings extension.
import { Duration, UnsignedInt } from '@marcbachmann/cel-js/evaluator';
import { Optional } from '@marcbachmann/cel-js';
import { celCompare } from './compare.js';
import { fail } from './macro.js';

function doubleText(d: number): string {
  if (Number.isNaN(d)) return 'NaN';
  if (d === Infinity) return 'Infinity';
  if (d === -Infinity) return '-Infinity';
  return String(d);
}

function isNumber(v: unknown): v is number | bigint | UnsignedInt {
  return typeof v === 'number' || typeof v === 'bigint' || v instanceof UnsignedInt;
}

/** The `%s` rendering of a value. */
export function displayString(v: unknown, nested = false): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return doubleText(v);
  if (typeof v === 'bigint' || typeof v === 'boolean') return String(v);
  if (v === null || v === undefined) return 'null';
  if (v instanceof UnsignedInt) return String(v.valueOf());
  if (v instanceof Uint8Array) return new TextDecoder().decode(v);
  if (v instanceof Date) return v.toISOString().replace('.000Z', 'Z');
  if (v instanceof Duration) return v.toString();
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

// Go rounds exact ties to even; JavaScript's toFixed rounds them up.
function fixed(d: number, precision: number): string {
  if (!Number.isFinite(d)) return doubleText(d);
  const scaled = d * 10 ** precision;
  if (Number.isFinite(scaled) && !Number.isInteger(scaled) && Number.isInteger(scaled * 2)) {
    const down = Math.floor(scaled);
    const even = down % 2 === 0 ? down : down + 1;
    return (even / 10 ** precision).toFixed(precision);
  }
  return d.toFixed(precision);
}

function scientific(d: number, precision: number): string {
  if (!Number.isFinite(d)) return doubleText(d);
  const [mant, exp] = d.toExponential(precision).split('e') as [string, string];
  const sign = exp.startsWith('-') ? '-' : '+';
  const digits = exp.replace(/^[+-]/, '').padStart(2, '0');
  return `${mant}e${sign}${digits}`;
}

function integerText(v: unknown, radix: number, verb: string): string {
  if (typeof v === 'boolean' && radix === 2) return v ? '1' : '0';
  if (typeof v === 'bigint') return v.toString(radix);
  if (v instanceof UnsignedInt) return v.valueOf().toString(radix);
  if (typeof v === 'number' && verb === 'd' && !Number.isFinite(v)) return doubleText(v);
  throw fail(`error during formatting: %${verb} is not defined for ${v === null ? 'null' : typeof v === 'number' ? 'double' : typeof v}`);
}

function hex(v: unknown, upper: boolean): string {
  let out: string;
  if (typeof v === 'string') out = Buffer.from(v, 'utf8').toString('hex');
  else if (v instanceof Uint8Array) out = Buffer.from(v).toString('hex');
  else out = integerText(v, 16, upper ? 'X' : 'x');
  return upper ? out.toUpperCase() : out;
}

export function formatString(template: string, args: unknown[]): string {
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
      precision = Number(template.slice(j + 1, k) || '0');
      j = k;
    }
    const verb = template[j];
    i = j;
    switch (verb) {
      case '%':
        out += '%';
        break;
      case 's':
        out += displayString(take());
        break;
      case 'd':
        out += integerText(take(), 10, 'd');
        break;
      case 'b':
        out += integerText(take(), 2, 'b');
        break;
      case 'o':
        out += integerText(take(), 8, 'o');
        break;
      case 'x':
      case 'X':
        out += hex(take(), verb === 'X');
        break;
      case 'f':
      case 'e': {
        const v = take();
        if (!isNumber(v)) throw fail(`error during formatting: %${verb} is not defined for ${v === null ? 'null' : typeof v}`);
        const d = Number(v instanceof UnsignedInt ? v.valueOf() : v);
        out += verb === 'f' ? fixed(d, precision ?? 6) : scientific(d, precision ?? 6);
        break;
      }
      default:
        throw fail(`error during formatting: unrecognized formatting clause "${verb ?? ''}"`);
    }
  }
  return out;
}

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
