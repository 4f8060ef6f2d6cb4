import { Validator } from '@cfworker/json-schema';
import { describe, expect, it } from 'vitest';
import { formats } from './formats.js';
import { standardFormats } from './standard-formats.js';

type Name = keyof typeof formats;

/**
 * Good and bad strings of each format. Each is judged by platlint's checker and by the exported
 * fragment read by an independent validator (standard formats on); they must agree on all.
 */
const TABLE: Record<Name, { good: string[]; bad: string[] }> = {
  'dns-label': {
    good: ['a', 'web', 'my-app-2', '0', 'a'.repeat(63)],
    bad: ['', 'Web', '-a', 'a-', 'a.b', 'a_b', 'a'.repeat(64), 'é'],
  },
  'dns-subdomain': {
    good: ['a', 'example.com', 'my-app.team-1.example', '0.1', `${'a'.repeat(63)}.${'b'.repeat(63)}`, `${'a.'.repeat(126)}a`],
    bad: ['', 'Example.com', 'a..b', '.a', 'a.', '-a.b', 'a_b.c', `${'a.'.repeat(126)}ab`],
  },
  'label-key': {
    good: ['app', 'app.kubernetes.io/name', 'plat.io/A_b.c-d', 'x/y', 'A', `${'a'.repeat(253)}/b`, `p/${'n'.repeat(63)}`],
    bad: ['', '/app', 'app/', 'a/b/c', 'Plat.io/x', '_app', 'app-', `${'a'.repeat(254)}/b`, `p/${'n'.repeat(64)}`, 'a b'],
  },
  'label-value': { good: ['', 'v1', 'A_b.c-d', '0', 'x'.repeat(63)], bad: ['-v', 'v-', '.v', 'a b', 'x'.repeat(64), 'a/b'] },
  ip: {
    good: [
      '10.0.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '::',
      '::1',
      '2001:db8::1',
      'fe80::1:2:3:4',
      '1:2:3:4:5:6:7:8',
      '::ffff:10.0.0.1',
      '1::',
      '1:2:3:4:5:6::',
      'A::b',
      '1:2:3:4:5:6:1.2.3.4',
      '01.2.3.4',
      '010.000.000.001',
    ],
    bad: [
      '',
      '256.0.0.1',
      '0256.1.1.1',
      '1.2.3',
      '1.2.3.4.5',
      'fe80::1%eth0',
      '1:2:3:4:5:6:7:8:9',
      '1::2::3',
      'g::1',
      '12345::',
      ' 10.0.0.1',
      'localhost',
      '1:2:3:4:5:6:7::8:9',
    ],
  },
  cidr: {
    good: ['10.0.0.0/8', '0.0.0.0/0', '10.0.0.1/32', '2001:db8::/32', '::/0', '::1/128', '10.0.0.0/08'],
    bad: ['10.0.0.0', '10.0.0.0/33', '::/129', '10.0.0.0/', '10.0.0.0/8/1', '10.0.0.0/-1', '300.0.0.0/8', '10.0.0.0/ 8'],
  },
  url: {
    good: [
      'https://example.com',
      'http://example.com:8080/path?q=1#f',
      'https://10.0.0.1/x',
      'grpc://collector:4317',
      'https://user@host/',
    ],
    bad: ['', 'example.com', '/relative/path', 'https://', 'https:// example.com', 'https://exa mple.com', 'mailto:someone'],
  },
  'https-url': {
    good: ['https://example.com', 'https://issuer.example/realms/a?x=1', 'https://[::1]:8443/'],
    bad: ['http://example.com', 'https://', 'example.com', 'HTTPS://example.com', 'https://a b', 'ftp://x'],
  },
  duration: {
    good: ['0', '-0', '+0', '30s', '1m30s', '1.5h', '.5s', '1.s', '300ms', '2µs', '2μs', '2us', '10ns', '-1h2m3s', '2562047h'],
    bad: ['', '1', '30', 's', '.s', '1x', '1h ', '+', '00', '1d', 'PT30S', '1 h', '30S', '1h-2m'],
  },
  'int-or-percent': { good: ['25%', '0%', '100%', '150%'], bad: ['25', '%', '25 %', '-5%', '2.5%', 'x%'] },
  quantity: {
    good: ['1', '500m', '1.5Gi', '1e3', '1E-3', '+1', '-2', '.5', '1.', '100Ki', '2Ei', '3n'],
    bad: ['', 'Gi', '1 Gi', '1gi', '1KI', '1.5.5', '1e', 'e3', '1Mb', '--1'],
  },
  'date-time': {
    good: ['2024-05-01T12:00:00Z', '2024-02-29T23:59:59.123456+02:00', '1999-12-31T00:00:00-05:30'],
    bad: [
      '2024-05-01 12:00:00Z',
      '2024-05-01t12:00:00z',
      '2024-05-01T12:00:00',
      '2023-02-29T00:00:00Z',
      '2024-13-01T00:00:00Z',
      '2024-05-01T24:00:00Z',
      '2024-05-01',
      '2024-05-01T12:00:00+0200',
    ],
  },
  'micro-time': {
    good: ['2024-05-01T12:00:00.000000Z', '2024-02-29T23:59:59.123456+02:00'],
    bad: [
      '2024-05-01T12:00:00Z',
      '2024-05-01T12:00:00.5Z',
      '2024-05-01T12:00:00.123456789Z',
      '2024-05-01T12:00:00.1234567Z',
      '2023-02-29T00:00:00.000000Z',
      '2024-05-01 12:00:00.000000Z',
    ],
  },
  'path-segment': {
    good: ['', 'a', '...', '.a', '..a', 'a.b', 'name with spaces', 'ü'],
    bad: ['.', '..', 'a/b', '/', '50%', '%2F'],
  },
  byte: {
    good: ['', 'aGVsbG8=', 'aGVsbA==', 'aGVs', 'aGVs\nbG8=', ' aGVsbA = = '],
    bad: ['a', 'aGVsbG8', 'aGVsb===', '!!!!', 'aGVsbG8=aGVs'],
  },
};

/**
 * What no portable regex states: a Go duration longer than int64 nanoseconds. The checker
 * refuses it, the pattern accepts it; the fragment's description gives the bound.
 */
const BEYOND_PATTERNS: Partial<Record<Name, string[]>> = { duration: ['2562048h', '9223372036854775808ns'] };

const judge = (schema: object, value: unknown): boolean => new Validator(schema, '7').validate(value).valid;

describe('platform formats written as standard JSON Schema', () => {
  it('has a standard fragment and a table for every format of the checker', () => {
    expect(Object.keys(standardFormats).sort()).toEqual(Object.keys(formats).sort());
    expect(Object.keys(TABLE).sort()).toEqual(Object.keys(formats).sort());
  });

  for (const name of Object.keys(TABLE) as Name[]) {
    it(`${name}: an independent validator agrees with platlint's checker`, () => {
      const fragment = standardFormats[name];
      const { good, bad } = TABLE[name];
      for (const value of good) expect({ value, checker: formats[name](value) }).toEqual({ value, checker: undefined });
      for (const value of bad) expect({ value, checker: typeof formats[name](value) }).toEqual({ value, checker: 'string' });
      const disagreements = [...good, ...bad].filter((value) => judge(fragment, value) !== (formats[name](value) === undefined));
      expect(disagreements).toEqual([]);
    });
  }

  it('names no format whose standard meaning differs from ours', () => {
    const named = JSON.stringify(standardFormats).match(/"format":"[^"]+"/g) ?? [];
    // date-time is RFC 3339 in both; its pattern narrows it to the upper-case T and Z Go reads.
    expect([...new Set(named)]).toEqual(['"format":"date-time"']);
  });

  it('leaves to the checker only what a regex cannot count', () => {
    for (const [name, values] of Object.entries(BEYOND_PATTERNS) as [Name, string[]][]) {
      for (const value of values) {
        expect(formats[name](value), value).toBeDefined();
        expect(judge(standardFormats[name], value), value).toBe(true);
      }
    }
  });

  it('accepts numbers where the platform takes them: any number for quantities, integers for int-or-percent', () => {
    expect([judge(standardFormats.quantity, 2), judge(standardFormats.quantity, 0.5)]).toEqual([true, true]);
    expect([judge(standardFormats['int-or-percent'], 3), judge(standardFormats['int-or-percent'], 1.5)]).toEqual([true, false]);
    expect(judge(standardFormats.duration, 30)).toBe(false);
  });
});
