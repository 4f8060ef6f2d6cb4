import type { Obj } from '../kit/objects.js';

/** Whether the Event is new-style: upstream switches to a different set of checks on it. */
export function hasEventTime(event: Obj): boolean {
  return typeof event.eventTime === 'string' && event.eventTime !== '';
}

const STAMP = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})$/;

/**
 * An RFC 3339 timestamp as microseconds since the epoch (Date keeps only milliseconds, and
 * MicroTime values differ in the digits after them), or undefined when it does not parse.
 */
export function microseconds(text: unknown): bigint | undefined {
  if (typeof text !== 'string') return undefined;
  const m = STAMP.exec(text);
  if (!m) return undefined;
  const seconds = Date.parse(`${m[1]}${m[3]}`);
  if (Number.isNaN(seconds)) return undefined;
  const fraction = (m[2] ?? '').slice(0, 6).padEnd(6, '0');
  return BigInt(seconds) * 1000n + BigInt(fraction);
}
