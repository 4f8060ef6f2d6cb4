// `duration(string)` as the platform parses it (Go's time.ParseDuration: "0", "-1.5h",
// "1h2m3s", "300ms", "2us"/"2µs"), within CEL's range of ±10,000 years, and the identity
// `duration(duration)`. Calls of the base `duration()` are renamed to this one before
// type-checking (syntax/ast-fixes.ts).
import type { Environment } from '@marcbachmann/cel-js';
import { Duration } from '@marcbachmann/cel-js/evaluator';
import { parseDuration } from '@platlint/core/values';
import { fail } from './macro.js';

const DURATION_FUNCTION = '__duration';

// CEL bounds durations to ±315,576,000,000 seconds (10,000 years).
const CEL_MAX_SECONDS = 315_576_000_000n;

function durationFromNanos(nanos: bigint): Duration {
  const seconds = nanos / 1_000_000_000n;
  if (seconds > CEL_MAX_SECONDS || seconds < -CEL_MAX_SECONDS) throw fail('duration out of range');
  return new Duration(seconds, Number(nanos % 1_000_000_000n));
}

export function installDuration(env: Environment): void {
  const D = 'google.protobuf.Duration';
  env.registerFunction(`${DURATION_FUNCTION}(string): ${D}`, (s: string) => {
    const nanos = parseDuration(s);
    if (nanos === undefined) throw fail(`invalid duration "${s}"`);
    return durationFromNanos(nanos);
  });
  env.registerFunction(`${DURATION_FUNCTION}(${D}): ${D}`, (d: Duration) => d);
}
