/**
 * Go duration strings ("30s", "1h30m", "-1.5h", "300ms", "2µs", a bare "0"), as the platform's
 * time.ParseDuration reads them: the one grammar behind the `duration` format, the rules that
 * compare durations and CEL's `duration()`.
 */
const UNIT_NANOS: Record<string, bigint> = {
  ns: 1n,
  us: 1_000n,
  µs: 1_000n,
  μs: 1_000n,
  ms: 1_000_000n,
  s: 1_000_000_000n,
  m: 60_000_000_000n,
  h: 3_600_000_000_000n,
};

/** Go stores a duration in an int64 of nanoseconds; a longer one does not parse. */
const MAX_NANOS = 2n ** 63n - 1n;
const COMPONENT = /^(\d*)(?:\.(\d*))?(ns|us|µs|μs|ms|s|m|h)/;

/** Nanoseconds of a Go duration string, or undefined when the platform would refuse it. */
export function parseDuration(text: string): bigint | undefined {
  let s = text;
  let negative = false;
  if (s[0] === '-' || s[0] === '+') {
    negative = s[0] === '-';
    s = s.slice(1);
  }
  if (s === '0') return 0n;
  if (s === '') return undefined;
  let total = 0n;
  while (s !== '') {
    const m = COMPONENT.exec(s);
    if (!m) return undefined;
    const [whole, int = '', frac = '', unit = ''] = m;
    if (int === '' && frac === '') return undefined;
    const scale = UNIT_NANOS[unit] as bigint;
    let nanos = BigInt(int || '0') * scale;
    if (frac) nanos += (BigInt(frac) * scale) / 10n ** BigInt(frac.length);
    total += nanos;
    if (total > MAX_NANOS + (negative ? 1n : 0n)) return undefined;
    s = s.slice(whole.length);
  }
  return negative ? -total : total;
}
