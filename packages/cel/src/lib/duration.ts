// `duration(string)` as the platform parses it (Go's time.ParseDuration: "0", "-1.5h",
// "1h2m3s", "300ms", "2us"/"2µs"), within CEL's range of ±10,000 years, and the identity
// `duration(duration)`. Calls of the base `duration()` are renamed to this one before
// type-checking (syntax/ast-fixes.ts).
import type { Environment } from '@marcbachmann/cel-js';
import { Duration } from '@marcbachmann/cel-js/evaluator';
import { fail } from './macro.js';

export const DURATION_FUNCTION = '__duration';

const UNIT_NANOS: Record<string, bigint> = {
  ns: 1n,
  us: 1_000n,
  'µs': 1_000n,
  'μs': 1_000n,
  ms: 1_000_000n,
  s: 1_000_000_000n,
  m: 60_000_000_000n,
  h: 3_600_000_000_000n,
};

const GO_MAX_NANOS = 2n ** 63n - 1n;
// CEL bounds durations to ±315,576,000,000 seconds (10,000 years).
const CEL_MAX_SECONDS = 315_576_000_000n;
const COMPONENT = /^(\d*)(?:\.(\d*))?(ns|us|µs|μs|ms|s|m|h)/;

/** Nanoseconds of a Go duration string, or null when Go's time.ParseDuration refuses it. */
export function parseGoDuration(text: string): bigint | null {
  let s = text;
  let negative = false;
  if (s[0] === '-' || s[0] === '+') {
    negative = s[0] === '-';
    s = s.slice(1);
  }
  if (s === '0') return 0n;
  if (s === '') return null;
  let total = 0n;
  while (s !== '') {
    const m = COMPONENT.exec(s);
    if (!m) return null;
    const [whole, int = '', frac = '', unit = ''] = m;
    if (int === '' && frac === '') return null;
    const scale = UNIT_NANOS[unit] as bigint;
    let nanos = BigInt(int || '0') * scale;
    if (frac) nanos += (BigInt(frac) * scale) / 10n ** BigInt(frac.length);
    total += nanos;
    if (total > GO_MAX_NANOS + (negative ? 1n : 0n)) return null;
    s = s.slice(whole.length);
  }
  return negative ? -total : total;
}

export function durationFromNanos(nanos: bigint): Duration {
  const seconds = nanos / 1_000_000_000n;
  if (seconds > CEL_MAX_SECONDS || seconds < -CEL_MAX_SECONDS) throw fail('duration out of range');
  return new Duration(seconds, Number(nanos % 1_000_000_000n));
}

export function installDuration(env: Environment): void {
  const D = 'google.protobuf.Duration';
  env.registerFunction(`${DURATION_FUNCTION}(string): ${D}`, (s: string) => {
    const nanos = parseGoDuration(s);
    if (nanos === null) throw fail(`invalid duration "${s}"`);
    return durationFromNanos(nanos);
  });
  env.registerFunction(`${DURATION_FUNCTION}(${D}): ${D}`, (d: Duration) => d);
}
