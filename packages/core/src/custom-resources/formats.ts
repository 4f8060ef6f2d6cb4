// The string formats the server checks in a custom resource, each as its Go code checks it.
//
// Which: apiextensions-apiserver pkg/apiserver/validation/formats.go supportedVersionedFormats
// (a format outside it is stripped from the schema, so never checked) intersected with the
// formats kube-openapi's strfmt.Default registry validates (pkg/validation/strfmt: default.go,
// date.go, time.go, duration.go, bson.go, kubernetes-extensions.go). `quantity` is in the first
// list but registered in no kube-openapi strfmt file, and `password` accepts every string: the
// server checks neither, so neither is checked here. Names are compared with every `-` removed,
// as both upstream lists do (strfmt DefaultNameNormalizer): `date-time` is `datetime`.
//
// Go's regular expressions are RE2: `\d` and `\s` are ASCII there (`\s` is [\t\n\f\r ]), so the
// patterns below spell those classes out where JavaScript's differ.
import { isIP } from 'node:net';
import { isSloppyIPv4 } from '../validate/formats.js';
import { parseDuration } from '../values/duration.js';
import { QUANTITY } from '../values/quantity.js';
import { isMailAddress } from './go-mail-address.js';
import { isRequestUri } from './go-request-uri.js';

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const UUID3 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?3[0-9a-f]{3}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const UUID4 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?4[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i;
const UUID5 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?5[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i;
/** Go's ParseMAC: 6, 8 or 20 octets, with ':' or '-' between each, or '.' between groups of four hex digits. */
const MAC =
  /^(?:[0-9a-f]{2}(?:[:-][0-9a-f]{2}){5}|[0-9a-f]{2}(?:[:-][0-9a-f]{2}){7}|[0-9a-f]{2}(?:[:-][0-9a-f]{2}){19}|[0-9a-f]{4}(?:\.[0-9a-f]{4}){2}|[0-9a-f]{4}(?:\.[0-9a-f]{4}){3}|[0-9a-f]{4}(?:\.[0-9a-f]{4}){9})$/i;
/** govalidator (forked in kube-openapi pkg/internal/third_party/govalidator) patterns.go Base64: at least one 4-character group, so not the empty string. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$/;
const SHORT_NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
/** strfmt default.go HostnamePattern (\p{S} symbols and \p{L} letters as RE2 reads them). */
const HOSTNAME =
  /^([a-zA-Z0-9\p{S}\p{L}]((-?[a-zA-Z0-9\p{S}\p{L}]{0,62})?)|([a-zA-Z0-9\p{S}\p{L}](([a-zA-Z0-9\-\p{S}\p{L}]{0,61}[a-zA-Z0-9\p{S}\p{L}])?)(\.)){1,}([a-zA-Z\p{L}]){2,63})$/u;
/** strfmt time.go DateTimePattern, on the lowercased text after the first `t`; RE2's `.` is any character but a newline. */
const TIME_OF_DAY = /^([0-9]{2}):([0-9]{2}):([0-9]{2})([^\n][0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$/;
const GO_SPACE = '[\\t\\n\\f\\r ]';
/** strfmt duration.go durationValidator and durationMatcher (the Scala-style form, `3 days`). */
const SCALA_DURATION = new RegExp(`^${GO_SPACE}*(?:[0-9]+${GO_SPACE}*[A-Za-zµ]+${GO_SPACE}*)+$`);
const SCALA_PART = new RegExp(`([0-9]+)${GO_SPACE}*([A-Za-zµ]+)`, 'g');
const SCALA_UNITS = [
  ['ns', 'nano'],
  ['us', 'µs', 'micro'],
  ['ms', 'milli'],
  ['s', 'sec'],
  ['m', 'min'],
  ['h', 'hr', 'hour'],
  ['d', 'day'],
  ['w', 'wk', 'week'],
];
/** govalidator patterns.go. */
const CREDIT_CARD =
  /^(?:4[0-9]{12}(?:[0-9]{3})?|5[1-5][0-9]{14}|6(?:011|5[0-9][0-9])[0-9]{12}|3[47][0-9]{13}|3(?:0[0-5]|[68][0-9])[0-9]{11}|(?:2131|1800|35[0-9]{3})[0-9]{11})$/;
const SSN = /^[0-9]{3}[- ]?[0-9]{2}[- ]?[0-9]{4}$/;
const RGB_PART = '(0|[1-9][0-9]?|1[0-9][0-9]?|2[0-4][0-9]|25[0-5])';
const RGB_COLOR = new RegExp(
  `^rgb\\(${GO_SPACE}*${RGB_PART}${GO_SPACE}*,${GO_SPACE}*${RGB_PART}${GO_SPACE}*,${GO_SPACE}*${RGB_PART}${GO_SPACE}*\\)$`,
);
const ISBN_SEPARATORS = new RegExp(`(?:${GO_SPACE}|-)+`, 'g');
const INT64_MAX = 2n ** 63n - 1n;

const utf8Length = (s: string): number => Buffer.byteLength(s, 'utf8');

/** strfmt date.go IsDate: Go's time.Parse with the layout 2006-01-02 (four-digit year, a day that exists in its month). */
function isDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // setUTCFullYear, unlike Date.UTC, does not read years 0-99 as 1900-1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** strfmt time.go IsDateTime: split at each `t` of the lowercased text; the first part a date, the second a time of day. */
function isDateTime(value: string): boolean {
  if (utf8Length(value) < 4) return false;
  const parts = value.toLowerCase().split('t');
  if (parts.length < 2 || !isDate(parts[0] as string)) return false;
  const m = TIME_OF_DAY.exec(parts[1] as string);
  // Go compares the two-digit strings: "23" is the last hour, "59" the last minute and second.
  return m !== null && (m[1] as string) <= '23' && (m[2] as string) <= '59' && (m[3] as string) <= '59';
}

/** strfmt duration.go IsDuration: Go's time.ParseDuration, or the Scala-style form where at least one unit is known. */
function isDuration(value: string): boolean {
  if (parseDuration(value) !== undefined) return true;
  if (!SCALA_DURATION.test(value)) return false;
  let known = false;
  for (const [, factor = '', rawUnit = ''] of value.matchAll(SCALA_PART)) {
    if (BigInt(factor) > INT64_MAX) return false; // strconv.Atoi fails
    const unit = rawUnit.toLowerCase();
    for (const variants of SCALA_UNITS) {
      variants.forEach((variant, i) => {
        if ((i === variants.length - 1 && unit.startsWith(variant)) || variant === unit) known = true;
      });
    }
  }
  return known;
}

/** govalidator IsISBN for one version: separators (white space, `-`) dropped, then the pattern and the check digit. */
function isIsbn(value: string, version: 10 | 13): boolean {
  const digits = value.replace(ISBN_SEPARATORS, '');
  const at = (i: number): number => digits.charCodeAt(i) - 48;
  if (version === 10) {
    if (!/^(?:[0-9]{9}X|[0-9]{10})$/.test(digits)) return false;
    let sum = 0;
    for (let i = 0; i < 9; i++) sum += (i + 1) * at(i);
    sum += 10 * (digits[9] === 'X' ? 10 : at(9));
    return sum % 11 === 0;
  }
  if (!/^[0-9]{13}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += (i % 2 === 0 ? 1 : 3) * at(i);
  return at(12) === (10 - (sum % 10)) % 10;
}

/** govalidator IsCreditCard: every non-digit dropped, then an issuer's pattern and the Luhn sum. */
function isCreditCard(value: string): boolean {
  const digits = value.replace(/[^0-9]+/g, '');
  if (!CREDIT_CARD.test(digits)) return false;
  let sum = 0;
  for (let i = digits.length - 1, double = false; i >= 0; i--, double = !double) {
    const d = (digits.charCodeAt(i) - 48) * (double ? 2 : 1);
    sum += d >= 10 ? (d % 10) + 1 : d;
  }
  return sum % 10 === 0;
}

/** strfmt default.go IsHostname: the pattern, at most 255 bytes, no label over 63 bytes. */
function isHostname(value: string): boolean {
  return HOSTNAME.test(value) && utf8Length(value) <= 255 && value.split('.').every((label) => utf8Length(label) <= 63);
}

/** Go's net.ParseIP for IPv6: no zone (Node's isIP takes `fe80::1%eth0`, Go does not). */
const isGoIPv6 = (value: string): boolean => isIP(value) === 6 && !value.includes('%');

/** strfmt default.go isIPv4: k8s.io/utils/net ParseIPSloppy (leading zeros allowed) and a `.` in the text, so an IPv6 address holding an IPv4 one passes too. */
function isIPv4(value: string): boolean {
  return isIP(value) === 4 || isSloppyIPv4(value) || (isGoIPv6(value) && value.includes('.'));
}

/** strfmt default.go isCIDR: ParseCIDRSloppy, an address (IPv4 with leading zeros allowed) and a decimal prefix length within its size. */
function isCidr(value: string): boolean {
  const slash = value.indexOf('/');
  if (slash < 0) return false;
  const address = value.slice(0, slash);
  const prefix = value.slice(slash + 1);
  const bits = isIP(address) === 4 || isSloppyIPv4(address) ? 32 : isGoIPv6(address) ? 128 : 0;
  return bits > 0 && /^[0-9]+$/.test(prefix) && BigInt(prefix) <= BigInt(bits);
}

export const crdFormats = {
  bsonobjectid: (v: string) => /^[0-9a-f]{24}$/i.test(v),
  uri: isRequestUri,
  email: isMailAddress,
  hostname: isHostname,
  ipv4: isIPv4,
  // govalidator IsIPv6: ParseIP and a `:` in the text, so not an IPv4 address.
  ipv6: (v: string) => isGoIPv6(v),
  cidr: isCidr,
  mac: (v: string) => MAC.test(v),
  uuid: (v: string) => UUID.test(v),
  uuid3: (v: string) => UUID3.test(v),
  uuid4: (v: string) => UUID4.test(v),
  uuid5: (v: string) => UUID5.test(v),
  isbn: (v: string) => isIsbn(v, 10) || isIsbn(v, 13),
  isbn10: (v: string) => isIsbn(v, 10),
  isbn13: (v: string) => isIsbn(v, 13),
  creditcard: isCreditCard,
  // govalidator IsSSN: exactly 11 bytes, so both separators are there.
  ssn: (v: string) => utf8Length(v) === 11 && SSN.test(v),
  hexcolor: (v: string) => /^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(v),
  rgbcolor: (v: string) => RGB_COLOR.test(v),
  byte: (v: string) => BASE64.test(v),
  date: isDate,
  duration: isDuration,
  datetime: isDateTime,
  k8sshortname: (v: string) => v.length <= 63 && SHORT_NAME.test(v),
  k8slongname: (v: string) => v.length <= 253 && v.split('.').every((part) => SHORT_NAME.test(part)),
} satisfies Record<string, (value: string) => boolean>;

/** Go's base64.StdEncoding, which encoding/json decodes a []byte field with: the empty string decodes. */
const STD_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * Not formats of a CRD schema: what Go's decoding of a built-in kind checks, for the kinds read
 * from the platform's OpenAPI documents (openapi.ts marks those fields with DECODED_AS): a
 * resource.Quantity parses (quantity.go UnmarshalJSON, ParseQuantity) and a []byte is base64.
 */
export const decodedFormats = {
  decodedquantity: (v: string) => QUANTITY.test(v),
  decodedbyte: (v: string) => STD_BASE64.test(v),
} satisfies Record<string, (value: string) => boolean>;

/** Every check the schemas of custom kinds may name, as `crd:NAME` formats. */
export const formatChecks = { ...crdFormats, ...decodedFormats };

export type CheckedFormatName = keyof typeof formatChecks;

/** The checked format a CRD schema's `format` names (dashes removed, as upstream compares them), or undefined when the server checks none. */
export function checkedCrdFormat(format: string): keyof typeof crdFormats | undefined {
  const normalized = format.replaceAll('-', '');
  return Object.hasOwn(crdFormats, normalized) ? (normalized as keyof typeof crdFormats) : undefined;
}

/** What a format asks for, in a few words, for messages. */
export const crdFormatNouns: Record<CheckedFormatName, string> = {
  decodedquantity: 'a quantity such as 500m or 1Gi',
  decodedbyte: 'base64-encoded data',
  bsonobjectid: 'a BSON object id (24 hexadecimal digits)',
  uri: 'a URI: an absolute URI or an absolute path',
  email: 'an email address',
  hostname: 'a host name',
  ipv4: 'an IPv4 address',
  ipv6: 'an IPv6 address',
  cidr: 'a CIDR (address/prefix length)',
  mac: 'a MAC address',
  uuid: 'a UUID',
  uuid3: 'a version 3 UUID',
  uuid4: 'a version 4 UUID',
  uuid5: 'a version 5 UUID',
  isbn: 'an ISBN-10 or ISBN-13 with a valid check digit',
  isbn10: 'an ISBN-10 with a valid check digit',
  isbn13: 'an ISBN-13 with a valid check digit',
  creditcard: 'a credit card number with a valid check digit',
  ssn: 'a U.S. social security number (123-45-6789)',
  hexcolor: 'a hexadecimal colour such as #1a2b3c',
  rgbcolor: 'a colour such as rgb(255, 0, 0)',
  byte: 'base64-encoded data',
  date: 'a date (YYYY-MM-DD)',
  duration: 'a duration such as 30s, 1h30m or 3 days',
  datetime: 'an RFC 3339 date and time such as 2024-05-01T12:00:00Z',
  k8sshortname: "a short name (at most 63 lowercase letters, digits and '-')",
  k8slongname: "a long name (dot-separated lowercase letters, digits and '-', at most 253 characters)",
};
