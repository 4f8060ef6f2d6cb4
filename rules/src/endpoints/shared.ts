import { isSloppyIPv4 } from '@platlint/core';
import { isIP } from 'node:net';
import type { FieldPath } from '@platlint/core';
import { isObject, oncePerValue } from '../kit/objects.js';
import type { Obj } from '../kit/objects.js';

export interface Subset {
  index: number;
  value: Obj;
}

/**
 * The subsets of an Endpoints object that are mappings (structural validation reports the rest):
 * made once per object and shared, read-only, as every Endpoints rule asks for them.
 */
export const subsetsOf: (object: Obj) => readonly Subset[] = oncePerValue((object) => {
  const subsets = object.subsets;
  if (!Array.isArray(subsets)) return [];
  return subsets.flatMap((value: unknown, index) => (isObject(value) ? [{ index, value }] : []));
});

export interface Address {
  list: 'addresses' | 'notReadyAddresses';
  index: number;
  ip: string;
  path: FieldPath;
}

/** Every address of a subset with a string `ip`, ready ones first, in source order per list. */
export function addressesOf(subset: Subset): Address[] {
  const out: Address[] = [];
  for (const list of ['addresses', 'notReadyAddresses'] as const) {
    const entries = subset.value[list];
    if (!Array.isArray(entries)) continue;
    entries.forEach((entry: unknown, index) => {
      if (isObject(entry) && typeof entry.ip === 'string')
        out.push({ list, index, ip: entry.ip, path: ['subsets', subset.index, list, index, 'ip'] });
    });
  }
  return out;
}

/** The first 12 bytes of an IPv4 address in its IPv4-mapped IPv6 form (`::ffff:a.b.c.d`). */
const V4_MAPPED_PREFIX: readonly number[] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff];

/**
 * The 16 bytes of an IP address (IPv4 in its IPv4-mapped IPv6 form, as Go's net.IP holds it),
 * or undefined when the text is not an address. Zone suffixes are ignored here; the format
 * check decides whether they are acceptable.
 */
export function ipBytes(text: string): number[] | undefined {
  const v4 = ipv4Parts(text);
  return v4 ? [...V4_MAPPED_PREFIX, ...v4] : ipv6Bytes(text);
}

/** The 16 bytes of an IPv6 address, or undefined for any other text (an IPv4 address included). */
function ipv6Bytes(text: string): number[] | undefined {
  if (isIP(text) !== 6) return undefined;
  const bare = text.split('%')[0] ?? '';
  const [head = '', tail] = bare.split('::') as [string, string | undefined];
  const groups = (part: string): number[] => {
    if (part === '') return [];
    const bytes: number[] = [];
    for (const group of part.split(':')) {
      if (group.includes('.')) bytes.push(...group.split('.').map(Number));
      else {
        const n = parseInt(group, 16);
        bytes.push(n >> 8, n & 0xff);
      }
    }
    return bytes;
  };
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  return [...front, ...Array<number>(16 - front.length - back.length).fill(0), ...back];
}

/** The four parts of an IPv4 address, or undefined for any other text. */
function ipv4Parts(text: string): number[] | undefined {
  // Leading zeros in IPv4 parts are decimal to the platform's lenient parser (`010.0.0.1` is 10.0.0.1).
  return isSloppyIPv4(text) || isIP(text) === 4 ? text.split('.').map(Number) : undefined;
}

/** The IPv4 part of an IPv4 or IPv4-mapped address. */
export function ipv4Of(bytes: readonly number[]): number[] | undefined {
  const mapped = V4_MAPPED_PREFIX.every((b, i) => bytes[i] === b);
  return mapped ? bytes.slice(12) : undefined;
}

/** A canonical text for comparing addresses written differently (`::1` and `0::1`). */
export function ipKey(text: string): string | undefined {
  // Most addresses are IPv4: their key is their parts, without the IPv6 bytes to go through.
  const parts = ipv4Parts(text);
  if (parts) return parts.join('.');
  const bytes = ipv6Bytes(text);
  if (!bytes) return undefined;
  const v4 = ipv4Of(bytes);
  return v4 ? v4.join('.') : bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
}

export interface ReservedRange {
  /** What kind of address it is, e.g. `loopback`. */
  kind: string;
  /** The range as the spec writes it. */
  range: string;
}

/** The special range an address falls in that an endpoint may not use, if any. */
export function reservedRange(bytes: readonly number[]): ReservedRange | undefined {
  const v4 = ipv4Of(bytes);
  if (v4) {
    const [a, b, c] = v4 as [number, number, number, number];
    if (v4.every((x) => x === 0)) return { kind: 'unspecified', range: '0.0.0.0' };
    if (a === 127) return { kind: 'loopback', range: '127.0.0.0/8' };
    if (a === 169 && b === 254) return { kind: 'link-local', range: '169.254.0.0/16' };
    if (a === 224 && b === 0 && c === 0) return { kind: 'link-local multicast', range: '224.0.0.0/24' };
    return undefined;
  }
  const [b0, b1] = bytes as [number, number];
  if (bytes.every((x) => x === 0)) return { kind: 'unspecified', range: '::' };
  if (bytes.slice(0, 15).every((x) => x === 0) && bytes[15] === 1) return { kind: 'loopback', range: '::1' };
  if (b0 === 0xfe && (b1 & 0xc0) === 0x80) return { kind: 'link-local', range: 'fe80::/10' };
  // The low four bits of the second byte are the multicast scope; 2 is link-local, whatever the flags.
  if (b0 === 0xff && (b1 & 0x0f) === 0x02)
    return { kind: 'link-local multicast', range: b1 === 0x02 ? 'ff02::/16' : 'link-local scope (ffx2::/16)' };
  return undefined;
}
