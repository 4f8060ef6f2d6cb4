// CEL equality and ordering over runtime values, for the list and set functions.
import { Duration, UnsignedInt } from '@marcbachmann/cel-js/evaluator';
import { constructionNameOf } from '../construction-names.js';
import { fail } from './macro.js';

function numeric(v: unknown): number | bigint | null {
  if (typeof v === 'bigint' || typeof v === 'number') return v;
  if (v instanceof UnsignedInt) return v.valueOf();
  return null;
}

function compareNumbers(a: number | bigint, b: number | bigint): number {
  if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
  const x = Number(a);
  const y = Number(b);
  if (Number.isNaN(x) || Number.isNaN(y)) return NaN;
  return x < y ? -1 : x > y ? 1 : 0;
}

function entriesOf(v: unknown): Map<unknown, unknown> | null {
  if (v instanceof Map) return new Map(v.entries());
  if (v && typeof v === 'object' && (v.constructor === Object || v.constructor === undefined)) return new Map(Object.entries(v));
  return null;
}

function compareDurations(a: Duration, b: Duration): number {
  if (a.seconds !== b.seconds) return a.seconds < b.seconds ? -1 : 1;
  return Math.sign(a.nanos - b.nanos);
}

export function celEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const na = numeric(a);
  const nb = numeric(b);
  if (na !== null && nb !== null) return compareNumbers(na, nb) === 0;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => celEquals(x, b[i]));
  if (a instanceof Uint8Array && b instanceof Uint8Array) return a.length === b.length && a.every((x, i) => x === b[i]);
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (a instanceof Duration && b instanceof Duration) return compareDurations(a, b) === 0;
  if (a.constructor !== b.constructor && !(entriesOf(a) && entriesOf(b))) return false;
  if (constructionNameOf(a) !== constructionNameOf(b)) return false;
  const ma = entriesOf(a);
  const mb = entriesOf(b);
  if (ma && mb) {
    if (ma.size !== mb.size) return false;
    for (const [k, v] of ma) if (!mb.has(k) || !celEquals(v, mb.get(k))) return false;
    return true;
  }
  return String(a) === String(b);
}

export function celCompare(a: unknown, b: unknown): number {
  const na = numeric(a);
  const nb = numeric(b);
  if (na !== null && nb !== null) return compareNumbers(na, nb);
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (a instanceof Date && b instanceof Date) return Math.sign(a.getTime() - b.getTime());
  if (a instanceof Duration && b instanceof Duration) return compareDurations(a, b);
  if (a instanceof Uint8Array && b instanceof Uint8Array) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
    return a.length - b.length;
  }
  throw fail(`no such overload: values of different types cannot be ordered`);
}
