import { describe, expect, it } from 'vitest';
import { formats } from '../validate/formats.js';
import { compareQuantities, parseDuration, parseQuantity } from './index.js';

describe('parseDuration', () => {
  it('reads Go durations to the nanosecond', () => {
    expect(parseDuration('1h30m')).toBe(5_400_000_000_000n);
    expect(parseDuration('-1.5h')).toBe(-5_400_000_000_000n);
    expect(parseDuration('300ms')).toBe(300_000_000n);
    expect(parseDuration('2µs')).toBe(2_000n);
    expect(parseDuration('2us')).toBe(2_000n);
    expect(parseDuration('.5s')).toBe(500_000_000n);
    expect(parseDuration('0')).toBe(0n);
    expect(parseDuration('-0')).toBe(0n);
  });

  it('refuses what Go refuses: no unit, an empty number, a stray character, more than int64 nanoseconds', () => {
    for (const bad of ['', '1', '30', 's', '.s', '1x', '1h ', '+', '2562048h']) expect(parseDuration(bad), bad).toBeUndefined();
    expect(parseDuration('2562047h')).toBeDefined();
  });

  it('is the grammar of the duration format, overflow included', () => {
    expect(formats.duration('30s')).toBeUndefined();
    expect(formats.duration('2562048h')).toMatch(/is not a duration/);
  });
});

describe('parseQuantity', () => {
  it('keeps quantities exact', () => {
    const q = (s: string | number) => parseQuantity(s)!;
    expect(compareQuantities(q('0.1'), q('100m'))).toBe(0);
    expect(compareQuantities(q('1Ki'), q('1024'))).toBe(0);
    expect(compareQuantities(q('1e3'), q('1k'))).toBe(0);
    expect(compareQuantities(q(2), q('1.5'))).toBe(1);
    expect(compareQuantities(q('-1'), q('1n'))).toBe(-1);
  });

  it('refuses what is not a quantity, and exponents far beyond any resource', () => {
    for (const bad of ['', 'Gi', '1GB', '1 Gi', '1e', '1e1001']) expect(parseQuantity(bad), bad).toBeUndefined();
    expect(parseQuantity(true)).toBeUndefined();
  });
});
