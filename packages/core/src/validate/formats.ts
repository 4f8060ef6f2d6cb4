import { isIP } from 'node:net';
import type { FormatName } from '../schema/overlay-types.js';
import { parseDuration } from '../values/duration.js';
import { QUANTITY } from '../values/quantity.js';
import { addBounded } from '../bounded-memo.js';

/**
 * One checker per format. A checker returns undefined for a good value, otherwise the
 * reason in a few words: the message says what is wrong, not only which rule failed.
 */
export type FormatCheck = (value: string) => string | undefined;

const LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
/** Dot-separated DNS labels, each as LABEL: one pattern rather than a split per value (every name and label key of a run). */
const SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const NAME_PART = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const MAX_SUBDOMAIN = 253;
/** The name part of a label key (the part after the prefix's `/`). */
const MAX_NAME_PART = 63;
/** RFC 3339 as Go's parser reads it; the standard export (standard-formats.ts) reuses it. */
export const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function dnsLabel(value: string): string | undefined {
  if (value.length === 0) return 'must not be empty';
  if (value.length > 63) return `is ${value.length} characters long; a DNS label has at most 63`;
  if (/[A-Z]/.test(value)) return 'has uppercase letters; a DNS label is lowercase';
  if (!LABEL.test(value))
    return "is not a DNS label: use lowercase letters, digits and '-', starting and ending with a letter or digit";
  return undefined;
}

function dnsSubdomain(value: string): string | undefined {
  if (value.length === 0) return 'must not be empty';
  if (value.length > MAX_SUBDOMAIN) return `is ${value.length} characters long; a DNS subdomain has at most ${MAX_SUBDOMAIN}`;
  if (/[A-Z]/.test(value)) return 'has uppercase letters; a DNS subdomain is lowercase';
  if (!SUBDOMAIN.test(value)) {
    return "is not a DNS subdomain: use lowercase letters, digits, '-' and '.', each part starting and ending with a letter or digit";
  }
  return undefined;
}

/**
 * A whole good label key (an optional DNS-subdomain prefix and `/`, then a name part: neither
 * part holds a `/`, so the one in a match is the last), recognised by one test where cutting the
 * key into its parts made two strings and four tests for each label and annotation key of a run.
 * The parts are cut only for a key that fails, to say what is wrong with it.
 */
const LABEL_KEY = new RegExp(`^(?:${unanchored(SUBDOMAIN)}/)?${unanchored(NAME_PART)}$`);

function unanchored(pattern: RegExp): string {
  return pattern.source.slice(1, -1);
}

/**
 * Label keys found good so far. A run checks the same few keys (`app.kubernetes.io/name`, ...)
 * in the metadata, selectors and templates of every object, and a key read as a property name is
 * looked up by the hash it keeps, which costs less than the pattern. Bounded as the block
 * scanner's keys are (source/known-keys.ts): full, it starts anew, so that a file of thousands
 * of keys neither grows it without end nor leaves it full for the files after it in a process
 * that runs for days; a key forgotten is only tested again.
 */
const goodLabelKeys = new Set<string>();
const MAX_GOOD_LABEL_KEYS = 4096;

function labelKey(value: string): string | undefined {
  if (goodLabelKeys.has(value)) return undefined;
  const slash = value.lastIndexOf('/');
  if (slash <= MAX_SUBDOMAIN && value.length - slash - 1 <= MAX_NAME_PART && LABEL_KEY.test(value)) {
    addBounded(goodLabelKeys, MAX_GOOD_LABEL_KEYS, value);
    return undefined;
  }
  const prefix = slash === -1 ? undefined : value.slice(0, slash);
  const name = slash === -1 ? value : value.slice(slash + 1);
  if (prefix !== undefined) {
    const problem = dnsSubdomain(prefix);
    if (problem) return `has a prefix that ${problem}`;
  }
  if (name.length === 0) return 'has an empty name part';
  if (name.length > MAX_NAME_PART) return `has a name part of ${name.length} characters; at most ${MAX_NAME_PART} are allowed`;
  if (!NAME_PART.test(name)) return "has a name part that is not alphanumerics with '-', '_' or '.' inside";
  return undefined;
}

function labelValue(value: string): string | undefined {
  if (value.length > 63) return `is ${value.length} characters long; a label value has at most 63`;
  if (value !== '' && !NAME_PART.test(value)) return "is not a label value: alphanumerics with '-', '_' or '.' inside";
  return undefined;
}

/**
 * Dotted IPv4 as the platform's lenient ("sloppy") parser reads it: four decimal parts of at
 * most 255, where a part may carry leading zeros (`010.0.0.1` is 10.0.0.1, not octal).
 */
const SLOPPY_IPV4 = /^\d+\.\d+\.\d+\.\d+$/;

/** True for an IPv4 address with a leading zero in some part, which only the lenient parser takes. */
export function isSloppyIPv4(value: string): boolean {
  return SLOPPY_IPV4.test(value) && value.split('.').every((part) => Number(part) <= 255) && isIP(value) === 0;
}

function ip(value: string): string | undefined {
  // Node accepts IPv6 zones (`fe80::1%eth0`); the platform's parser does not. Leading zeros are
  // accepted: the legacy IP fields (Endpoints) parse leniently unless the StrictIPCIDRValidation
  // gate is on, which the rules that own those fields check.
  if (isSloppyIPv4(value)) return undefined;
  return isIP(value) === 0 || value.includes('%') ? 'is not an IPv4 or IPv6 address' : undefined;
}

function cidr(value: string): string | undefined {
  const [address = '', prefix, extra] = value.split('/');
  const family = isIP(address);
  if (family === 0 || prefix === undefined || extra !== undefined || !/^\d+$/.test(prefix))
    return 'is not a CIDR (address/prefix-length)';
  return Number(prefix) > (family === 4 ? 32 : 128) ? 'has a prefix length that is too long' : undefined;
}

function url(value: string): string | undefined {
  try {
    const parsed = new URL(value);
    return parsed.host === '' ? 'is a URL without a host' : undefined;
  } catch {
    return 'is not an absolute URL';
  }
}

function httpsUrl(value: string): string | undefined {
  const problem = url(value);
  if (problem) return problem;
  return value.startsWith('https://') ? undefined : 'must use the https:// scheme';
}

function dateTime(value: string): string | undefined {
  const m = DATE_TIME.exec(value);
  if (!m) return 'is not an RFC 3339 timestamp such as 2024-05-01T12:00:00Z';
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  const date = new Date(Date.UTC(y!, mo! - 1, d!));
  if (date.getUTCMonth() !== mo! - 1 || date.getUTCDate() !== d! || h! > 23 || mi! > 59 || s! > 60)
    return 'is not a real date and time';
  return undefined;
}

/**
 * MicroTime: the server parses it with a layout whose fraction has exactly six digits, so
 * `…:00Z` and `…:00.5Z` fail to decode and the request is refused.
 */
function microTime(value: string): string | undefined {
  const problem = dateTime(value);
  if (problem) return problem;
  return DATE_TIME.exec(value)?.[7]?.length === 7
    ? undefined
    : 'needs exactly six fractional digits of seconds (microseconds), such as 2024-05-01T12:00:00.000000Z';
}

function pathSegment(value: string): string | undefined {
  if (value === '.' || value === '..') return `may not be '${value}'`;
  if (/[/%]/.test(value)) return "may not contain '/' or '%'";
  return undefined;
}

export const formats: Record<FormatName | 'byte', FormatCheck> = {
  'dns-label': dnsLabel,
  'dns-subdomain': dnsSubdomain,
  'label-key': labelKey,
  'label-value': labelValue,
  ip,
  cidr,
  url,
  'https-url': httpsUrl,
  duration: (v) => (parseDuration(v) !== undefined ? undefined : 'is not a duration such as 30s, 5m or 1h30m'),
  'int-or-percent': (v) => (/^\d+%$/.test(v) ? undefined : 'is neither an integer nor a percentage such as 25%'),
  quantity: (v) => (QUANTITY.test(v) ? undefined : 'is not a quantity such as 500m, 2, 1.5Gi or 1e3'),
  'date-time': dateTime,
  'micro-time': microTime,
  'path-segment': pathSegment,
  byte: (v) => (BASE64.test(v.replace(/\s/g, '')) ? undefined : 'is not base64-encoded data'),
};

export function isFormatName(name: string | undefined): name is keyof typeof formats {
  return name !== undefined && name in formats;
}

/** The formats in the shape ajv takes them, for both the runtime and the precompiled validators. */
export const ajvFormats: Record<string, { type: 'string'; validate: (value: string) => boolean }> = Object.fromEntries(
  Object.entries(formats).map(([name, check]) => [
    name,
    { type: 'string', validate: (value: string) => check(value) === undefined },
  ]),
);
