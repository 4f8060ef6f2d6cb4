import type { JsonSchema } from './json-schema.js';
import type { formats } from './formats.js';
import { QUANTITY } from '../values/quantity.js';
import { DATE_TIME } from './formats.js';

/**
 * Each platform format written as standard JSON Schema (draft-07), for the schemas platlint
 * exports. The internal validator keeps its own checkers (./formats.ts), which word precise
 * messages; other tools read `format` names by the JSON Schema standard, so `format: duration`
 * would make them expect an ISO 8601 duration (`PT30S`) and refuse a Go duration (`30s`).
 * Here every format is a `pattern` (plus a length limit where a portable regex cannot count),
 * an `anyOf` for the values that may be numbers, or a standard `format` whose standard meaning
 * is ours, narrowed by a pattern where the platform is stricter. standard-formats.test.ts runs
 * each fragment through an independent validator against its checker on a table of values.
 */
export type StandardFormat = JsonSchema & { description: string };

/** Builds a regex source from named parts, so the larger patterns read as their grammar. */
const anchored = (source: string): string => `^(?:${source})$`;

const DNS_LABEL = '[a-z0-9](?:[-a-z0-9]*[a-z0-9])?';
/** A label value's or a label key's name part: 1 to 63 characters. */
const NAME_PART = '[A-Za-z0-9](?:[-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?';
const DNS_SUBDOMAIN = `${DNS_LABEL}(?:\\.${DNS_LABEL})*`;

const IPV4_OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])';
const IPV4 = `${IPV4_OCTET}(?:\\.${IPV4_OCTET}){3}`;
/** Dotted IPv4 as the lenient parser of the legacy IP fields reads it: leading zeros allowed, still decimal. */
const IPV4_LENIENT = `0*${IPV4_OCTET}(?:\\.0*${IPV4_OCTET}){3}`;

/**
 * An IPv6 address by the grammar of RFC 3986 section 3.2.2: eight 16-bit pieces, where one
 * run of them may be written `::` and the last two may be an IPv4 address. Each alternative
 * is `k` pieces before the `::` and `n` after it.
 */
function ipv6(): string {
  const piece = '[0-9A-Fa-f]{1,4}';
  const tail = `(?:${piece}:${piece}|${IPV4})`; // the last 32 bits
  const pieces = (count: number): string => (count === 0 ? '' : `(?:${piece}:){${count}}`);
  const alternatives = [`${pieces(6)}${tail}`];
  // With "::": at most `most` pieces before it, then what the remaining pieces allow after it.
  for (let most = 0; most <= 7; most++) {
    const head = most === 0 ? '' : `(?:(?:${piece}:){0,${most - 1}}${piece})?`;
    const rest = most <= 5 ? `${pieces(5 - most)}${tail}` : most === 6 ? piece : '';
    alternatives.push(`${head}::${rest}`);
  }
  return alternatives.map((a) => `(?:${a})`).join('|');
}
const IPV6 = ipv6();

/** Absolute URL: a scheme, `//` and a non-empty authority, no white space. */
const URL_REST = '[^\\s/?#]+(?:[/?#]\\S*)?';

/** One Go duration component: a number with an optional fraction, and its unit. */
const DURATION_COMPONENT = '(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:ns|us|µs|μs|ms|s|m|h)';

const BASE64_CHAR = '[A-Za-z0-9+/]\\s*';

export const standardFormats: Record<keyof typeof formats, StandardFormat> = {
  'dns-label': {
    description:
      'A DNS label (RFC 1123): lowercase letters, digits and "-", starting and ending with a letter or digit, at most 63 characters.',
    type: 'string',
    pattern: anchored(DNS_LABEL),
    maxLength: 63,
  },
  'dns-subdomain': {
    description: 'A DNS subdomain (RFC 1123): DNS labels joined by ".", at most 253 characters.',
    type: 'string',
    pattern: anchored(DNS_SUBDOMAIN),
    maxLength: 253,
  },
  'label-key': {
    description:
      'A label or annotation key: an optional DNS-subdomain prefix of at most 253 characters and "/", then a name of at most 63 alphanumerics with "-", "_" or "." inside.',
    type: 'string',
    pattern: anchored(`(?:${DNS_SUBDOMAIN}/)?${NAME_PART}`),
    // The prefix alone is bounded (the key's total length has no limit of its own). Stated as
    // a second pattern rather than a lookahead: Go's RE2, which kubeconform and the API server's
    // own schema validation use, has no lookahead.
    not: { pattern: '^[^/]{254,}/' },
  },
  'label-value': {
    description: 'A label value: empty, or at most 63 alphanumerics with "-", "_" or "." inside.',
    type: 'string',
    pattern: anchored(`(?:${NAME_PART})?`),
  },
  ip: {
    description:
      'An IPv4 address (leading zeros are read as decimal, as the legacy IP fields parse them) or an IPv6 address (without a zone).',
    type: 'string',
    pattern: anchored(`${IPV4_LENIENT}|${IPV6}`),
  },
  cidr: {
    description: 'An IPv4 or IPv6 network in CIDR notation: address "/" prefix length (at most 32 for IPv4, 128 for IPv6).',
    type: 'string',
    pattern: anchored(`(?:${IPV4})/0*(?:3[0-2]|[12]?[0-9])|(?:${IPV6})/0*(?:12[0-8]|1[01][0-9]|[1-9]?[0-9])`),
  },
  url: {
    description: 'An absolute URL with a host, such as https://example.com/path.',
    type: 'string',
    pattern: anchored(`[A-Za-z][A-Za-z0-9+.-]*://${URL_REST}`),
  },
  'https-url': {
    description: 'An absolute https:// URL with a host.',
    type: 'string',
    pattern: anchored(`https://${URL_REST}`),
  },
  duration: {
    description:
      'A Go duration: a sequence of numbers with units (ns, us, µs, ms, s, m, h), such as 30s, 1m30s or 1.5h, optionally signed; "0" alone needs no unit. At most 2562047h (int64 nanoseconds).',
    type: 'string',
    pattern: anchored(`[-+]?(?:0|(?:${DURATION_COMPONENT})+)`),
  },
  'int-or-percent': {
    description: 'An integer, or a percentage written as a string of digits and "%", such as "25%".',
    anyOf: [{ type: 'integer' }, { type: 'string', pattern: '^[0-9]+%$' }],
  },
  quantity: {
    description:
      'A resource quantity: a number, or a string such as 500m, 2, 1.5Gi or 1e3 (decimal suffixes n u m k M G T P E, binary suffixes Ki Mi Gi Ti Pi Ei, or an exponent).',
    anyOf: [{ type: 'number' }, { type: 'string', pattern: QUANTITY.source }],
  },
  'date-time': {
    description: 'An RFC 3339 timestamp with an upper-case "T" and a zone ("Z" or ±hh:mm), such as 2024-05-01T12:00:00Z.',
    type: 'string',
    // The standard format checks the calendar; the pattern narrows it to what Go's parser reads.
    format: 'date-time',
    pattern: DATE_TIME.source,
  },
  'micro-time': {
    description:
      'An RFC 3339 timestamp with exactly six fractional digits of seconds, an upper-case "T" and a zone, such as 2024-05-01T12:00:00.000000Z.',
    type: 'string',
    format: 'date-time',
    pattern: DATE_TIME.source.replace('(\\.\\d+)?', '(\\.\\d{6})'),
  },
  'path-segment': {
    description: 'A name usable as one URL path segment: not "." or "..", and without "/" or "%".',
    type: 'string',
    // Written without lookahead: empty, or not starting with ".", or "." then a non-dot, or ".." then more.
    pattern: anchored('|[^/%.][^/%]*|\\.[^/%.][^/%]*|\\.\\.[^/%]+'),
  },
  byte: {
    description: 'Base64-encoded data (white space between characters is ignored).',
    type: 'string',
    contentEncoding: 'base64',
    pattern: anchored(`\\s*(?:(?:${BASE64_CHAR}){4})*(?:(?:${BASE64_CHAR}){2}=\\s*=\\s*|(?:${BASE64_CHAR}){3}=\\s*)?`),
  },
};
