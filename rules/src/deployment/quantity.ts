/**
 * Exact resource quantities, for comparing requests with limits. Floating point would make
 * "0.1" and "100m" unequal now and then, and a false "request above limit" is worse than none.
 * A quantity is kept as digits × 2^binary × 10^exponent with integer parts.
 */
export interface Quantity {
  digits: bigint;
  exponent: number;
  binary: number;
}

const FORM = /^([+-]?)(\d+(?:\.\d*)?|\.\d+)(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E|[eE][+-]?\d+)?$/;
const DECIMAL: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BINARY: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };

export function parseQuantity(raw: unknown): Quantity | undefined {
  const text = typeof raw === 'number' ? String(raw) : raw;
  if (typeof text !== 'string') return undefined;
  const match = FORM.exec(text);
  if (!match) return undefined;
  const [, sign = '', number = '', suffix = ''] = match;
  const [whole = '', fraction = ''] = number.split('.');
  let digits = BigInt(`${whole}${fraction}` || '0');
  if (sign === '-') digits = -digits;
  let exponent = -fraction.length;
  let binary = 0;
  if (suffix in BINARY) binary = BINARY[suffix] as number;
  else if (suffix in DECIMAL) exponent += DECIMAL[suffix] as number;
  else exponent += Number(suffix.slice(1));
  // Far beyond any real resource; bounding it keeps the exact arithmetic cheap.
  if (Math.abs(exponent) > 64) return undefined;
  return { digits, exponent, binary };
}

/** Negative, zero or positive as a is below, equal to or above b. */
export function compareQuantities(a: Quantity, b: Quantity): number {
  const scale = (q: Quantity, exponent: number, binary: number): bigint => q.digits * 10n ** BigInt(q.exponent - exponent) * 2n ** BigInt(q.binary - binary);
  const exponent = Math.min(a.exponent, b.exponent);
  const binary = Math.min(a.binary, b.binary);
  const x = scale(a, exponent, binary);
  const y = scale(b, exponent, binary);
  return x < y ? -1 : x > y ? 1 : 0;
}
