import { keepBounded } from '../bounded-memo.js';

/**
 * Resource quantities ("500m", "2", "1.5Gi", "1e3"): the one grammar behind the `quantity`
 * format, the rules that compare requests with limits and CEL's `quantity()`. Values are kept
 * exact, as a fraction of big integers: floating point would make "0.1" and "100m" unequal
 * now and then, and a false "request above limit" is worse than none.
 */
export const QUANTITY = /^([+-]?(?:\d+(?:\.\d*)?|\.\d+))(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE]|[eE][+-]?\d+)?$/;

const BINARY: Record<string, bigint> = {
  Ki: 1n << 10n,
  Mi: 1n << 20n,
  Gi: 1n << 30n,
  Ti: 1n << 40n,
  Pi: 1n << 50n,
  Ei: 1n << 60n,
};
const DECIMAL: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
/** Far beyond any real resource; bounding the exponent keeps the exact arithmetic cheap. */
const MAX_EXPONENT = 1000;

/** A quantity as num / den, with den > 0 (not reduced). */
export interface Quantity {
  num: bigint;
  den: bigint;
}

/** The exact value of a quantity (a YAML number counts as its decimal text), or undefined when it is not one. */
export function parseQuantity(raw: unknown): Quantity | undefined {
  const text = typeof raw === 'number' ? String(raw) : raw;
  if (typeof text !== 'string') return undefined;
  // The same few quantities ("100m", "128Mi") fill a run's containers, and each exact reading
  // takes big-integer arithmetic: a reading is kept per text (frozen, as callers share it).
  if (parsedQuantities.has(text)) return parsedQuantities.get(text);
  const parsed = readQuantity(text);
  return keepBounded(parsedQuantities, 1024, text, parsed && Object.freeze(parsed));
}

const parsedQuantities = new Map<string, Quantity | undefined>();

function readQuantity(text: string): Quantity | undefined {
  const m = QUANTITY.exec(text);
  if (!m) return undefined;
  const numberText = m[1] as string;
  const suffix = m[2] ?? '';
  const [whole = '', fraction = ''] = numberText.replace(/^[+-]/, '').split('.');
  let num = BigInt(`${whole || '0'}${fraction}`) * (numberText.startsWith('-') ? -1n : 1n);
  let den = 10n ** BigInt(fraction.length);
  if (suffix in BINARY) num *= BINARY[suffix] as bigint;
  else {
    const exponent = suffix in DECIMAL ? (DECIMAL[suffix] as number) : Number(suffix.slice(1));
    if (Math.abs(exponent) > MAX_EXPONENT) return undefined;
    if (exponent >= 0) num *= 10n ** BigInt(exponent);
    else den *= 10n ** BigInt(-exponent);
  }
  return { num, den };
}

/** Negative, zero or positive as a is below, equal to or above b. */
export function compareQuantities(a: Quantity, b: Quantity): number {
  const x = a.num * b.den;
  const y = b.num * a.den;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The exact sum of two quantities (used where the server adds up container requests). */
export function addQuantities(a: Quantity, b: Quantity): Quantity {
  return { num: a.num * b.den + b.num * a.den, den: a.den * b.den };
}
