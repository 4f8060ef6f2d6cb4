// The string formats a CRD schema may name that platlint checks, each as the server's Go
// parser reads it (upstream kube-openapi pkg/validation/strfmt default.go, and net.ParseIP,
// net.ParseCIDR, net.ParseMAC, base64.StdEncoding for the ones it delegates).
import { isIP } from 'node:net';
import { QUANTITY } from '../values/quantity.js';
import type { CHECKED_FORMATS } from './structural.js';

type Name = typeof CHECKED_FORMATS extends Set<infer T> ? T : never;

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const UUID3 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?3[0-9a-f]{3}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const UUID4 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?4[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i;
const UUID5 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?5[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i;
/** Go's ParseMAC: 6, 8 or 20 octets, with ':' or '-' between each, or '.' between groups of four hex digits. */
const MAC = /^(?:[0-9a-f]{2}(?:[:-][0-9a-f]{2}){5}|[0-9a-f]{2}(?:[:-][0-9a-f]{2}){7}|[0-9a-f]{2}(?:[:-][0-9a-f]{2}){19}|[0-9a-f]{4}(?:\.[0-9a-f]{4}){2}|[0-9a-f]{4}(?:\.[0-9a-f]{4}){3}|[0-9a-f]{4}(?:\.[0-9a-f]{4}){9})$/i;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const SHORT_NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

function validDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function validCidr(value: string): boolean {
  const slash = value.indexOf('/');
  if (slash < 0) return false;
  const ip = value.slice(0, slash);
  const bits = value.slice(slash + 1);
  const family = isIP(ip);
  if (family === 0 || !/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

export const crdFormats: Record<Name, (value: string) => boolean> = {
  uuid: (v) => UUID.test(v),
  uuid3: (v) => UUID3.test(v),
  uuid4: (v) => UUID4.test(v),
  uuid5: (v) => UUID5.test(v),
  ipv4: (v) => isIP(v) === 4,
  // Go's ParseIP also reads an IPv4 address; strfmt's ipv6 check is ParseIP alone.
  ipv6: (v) => isIP(v) !== 0,
  cidr: validCidr,
  mac: (v) => MAC.test(v),
  date: validDate,
  byte: (v) => BASE64.test(v),
  bsonobjectid: (v) => /^[0-9a-f]{24}$/i.test(v),
  hexcolor: (v) => /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.test(v),
  'k8s-short-name': (v) => v.length <= 63 && SHORT_NAME.test(v),
  'k8s-long-name': (v) => v.length <= 253 && v.split('.').every((part) => SHORT_NAME.test(part)),
  quantity: (v) => QUANTITY.test(v),
};

/** What a format asks for, in a few words, for messages. */
export const crdFormatNouns: Record<Name, string> = {
  uuid: 'a UUID',
  uuid3: 'a version 3 UUID',
  uuid4: 'a version 4 UUID',
  uuid5: 'a version 5 UUID',
  ipv4: 'an IPv4 address',
  ipv6: 'an IP address',
  cidr: 'a CIDR (address/prefix length)',
  mac: 'a MAC address',
  date: 'a date (YYYY-MM-DD)',
  byte: 'base64-encoded data',
  bsonobjectid: 'a BSON object id (24 hexadecimal digits)',
  hexcolor: 'a hexadecimal colour such as #1a2b3c',
  'k8s-short-name': "a short name (at most 63 lowercase letters, digits and '-')",
  'k8s-long-name': "a long name (dot-separated lowercase letters, digits and '-', at most 253 characters)",
  quantity: 'a quantity such as 500m or 1Gi',
};
