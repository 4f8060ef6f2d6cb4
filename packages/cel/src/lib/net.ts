// Kubernetes' IP and CIDR library (`isIP`, `ip(...)`, `cidr(...).containsIP(...)`).
import type { Environment } from '@marcbachmann/cel-js';
import { charge } from '../budget.js';
import { fail } from './macro.js';

class IPValue {
  static celType = 'net.IP';
  constructor(
    /** 4 bytes for IPv4, 16 for IPv6. */
    readonly bytes: Uint8Array,
  ) {}

  get family(): 4 | 6 {
    return this.bytes.length === 4 ? 4 : 6;
  }

  get big(): bigint {
    let v = 0n;
    for (const b of this.bytes) v = (v << 8n) | BigInt(b);
    return v;
  }

  toString(): string {
    if (this.family === 4) return [...this.bytes].join('.');
    const groups: number[] = [];
    for (let i = 0; i < 16; i += 2) groups.push(((this.bytes[i] as number) << 8) | (this.bytes[i + 1] as number));
    // Longest run of two or more zero groups becomes "::" (RFC 5952).
    let best = -1;
    let bestLen = 1;
    for (let i = 0; i < 8;) {
      if (groups[i] !== 0) {
        i++;
        continue;
      }
      let j = i;
      while (j < 8 && groups[j] === 0) j++;
      if (j - i > bestLen) {
        best = i;
        bestLen = j - i;
      }
      i = j;
    }
    const hex = groups.map((g) => g.toString(16));
    if (best < 0) return hex.join(':');
    return `${hex.slice(0, best).join(':')}::${hex.slice(best + bestLen).join(':')}`;
  }
}

class CIDRValue {
  static celType = 'net.CIDR';
  constructor(
    readonly ip: IPValue,
    readonly prefix: number,
  ) {}

  get bits(): number {
    return this.ip.bytes.length * 8;
  }

  masked(): CIDRValue {
    const bits = BigInt(this.bits);
    const mask = ((1n << bits) - 1n) ^ ((1n << (bits - BigInt(this.prefix))) - 1n);
    return new CIDRValue(fromBig(this.ip.big & mask, this.ip.bytes.length), this.prefix);
  }

  contains(ip: IPValue): boolean {
    if (ip.family !== this.ip.family) return false;
    const shift = BigInt(this.bits - this.prefix);
    return ip.big >> shift === this.ip.big >> shift;
  }

  toString(): string {
    return `${this.ip.toString()}/${this.prefix}`;
  }
}

function fromBig(v: bigint, len: number): IPValue {
  const out = new Uint8Array(len);
  for (let i = len - 1; i >= 0; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return new IPValue(out);
}

function parseV4(s: string): Uint8Array | null {
  const parts = s.split('.');
  if (parts.length !== 4) return null;
  const out = new Uint8Array(4);
  for (let i = 0; i < 4; i++) {
    const p = parts[i] as string;
    // Leading zeros are rejected: they are ambiguous (octal in some parsers).
    if (!/^(0|[1-9][0-9]{0,2})$/.test(p) || Number(p) > 255) return null;
    out[i] = Number(p);
  }
  return out;
}

function parseV6(s: string): Uint8Array | null {
  if (s.includes('%')) return null;
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const groups = (h: string): number[] | null => {
    if (h === '') return [];
    const out: number[] = [];
    const parts = h.split(':');
    for (let i = 0; i < parts.length; i++) {
      const p = parts[i] as string;
      if (i === parts.length - 1 && p.includes('.')) {
        const v4 = parseV4(p);
        if (!v4) return null;
        out.push(((v4[0] as number) << 8) | (v4[1] as number), ((v4[2] as number) << 8) | (v4[3] as number));
        continue;
      }
      if (!/^[0-9a-fA-F]{1,4}$/.test(p)) return null;
      out.push(parseInt(p, 16));
    }
    return out;
  };
  const head = groups(halves[0] as string);
  const tail = halves.length === 2 ? groups(halves[1] as string) : [];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...head, ...Array<number>(missing).fill(0), ...tail];
  const out = new Uint8Array(16);
  all.forEach((g, i) => {
    out[i * 2] = g >> 8;
    out[i * 2 + 1] = g & 0xff;
  });
  return out;
}

function isV4Mapped(b: Uint8Array): boolean {
  return b.length === 16 && b.slice(0, 10).every((x) => x === 0) && b[10] === 0xff && b[11] === 0xff;
}

function parseIP(s: string): IPValue | null {
  const bytes = s.includes(':') ? parseV6(s) : parseV4(s);
  // Kubernetes rejects IPv4-mapped IPv6 addresses: they hide an IPv4 address.
  if (!bytes || isV4Mapped(bytes)) return null;
  return new IPValue(bytes);
}

function parseCIDR(s: string): CIDRValue | null {
  const slash = s.indexOf('/');
  if (slash < 0) return null;
  const ip = parseIP(s.slice(0, slash));
  const bits = s.slice(slash + 1);
  if (!ip || !/^(0|[1-9][0-9]*)$/.test(bits)) return null;
  const prefix = Number(bits);
  if (prefix > ip.bytes.length * 8) return null;
  return new CIDRValue(ip, prefix);
}

function ipOrFail(s: string): IPValue {
  const ip = parseIP(s);
  if (!ip) throw fail(`IP Address '${s}' parse error during conversion from string`);
  return ip;
}

function cidrOrFail(s: string): CIDRValue {
  const c = parseCIDR(s);
  if (!c) throw fail(`network address parse error during conversion from string: CIDR '${s}' is not valid`);
  return c;
}

const first = (ip: IPValue, a: number, b?: number): boolean => ip.bytes[0] === a && (b === undefined || ip.bytes[1] === b);

export function installNet(env: Environment): void {
  env.registerType('net.IP', { ctor: IPValue, fields: {} });
  env.registerType('net.CIDR', { ctor: CIDRValue, fields: {} });
  env.registerFunction('isIP(string): bool', (s: string) => (charge(1), parseIP(s) !== null));
  env.registerFunction('ip(string): net.IP', (s: string) => (charge(1), ipOrFail(s)));
  env.registerFunction('string(net.IP): string', (ip: IPValue) => ip.toString());
  env.registerFunction('net.IP.family(): int', (ip: IPValue) => BigInt(ip.family));
  env.registerFunction('net.IP.isUnspecified(): bool', (ip: IPValue) => ip.bytes.every((b) => b === 0));
  env.registerFunction('net.IP.isLoopback(): bool', (ip: IPValue) => (ip.family === 4 ? ip.bytes[0] === 127 : ip.big === 1n));
  env.registerFunction('net.IP.isLinkLocalMulticast(): bool', (ip: IPValue) =>
    ip.family === 4 ? first(ip, 224, 0) && ip.bytes[2] === 0 : ip.bytes[0] === 0xff && ((ip.bytes[1] as number) & 0x0f) === 0x02,
  );
  env.registerFunction('net.IP.isLinkLocalUnicast(): bool', (ip: IPValue) =>
    ip.family === 4 ? first(ip, 169, 254) : ip.bytes[0] === 0xfe && ((ip.bytes[1] as number) & 0xc0) === 0x80,
  );
  env.registerFunction('net.IP.isGlobalUnicast(): bool', (ip: IPValue) => {
    const b = ip.bytes;
    if (ip.family === 4) {
      const broadcast = b.every((x) => x === 255);
      return !broadcast && b[0] !== 0 && b[0] !== 127 && (b[0] as number) < 224 && !first(ip, 169, 254);
    }
    const unspecified = b.every((x) => x === 0);
    return !unspecified && ip.big !== 1n && b[0] !== 0xff && !(b[0] === 0xfe && ((b[1] as number) & 0xc0) === 0x80);
  });
  env.registerFunction('isCIDR(string): bool', (s: string) => (charge(1), parseCIDR(s) !== null));
  env.registerFunction('cidr(string): net.CIDR', (s: string) => (charge(1), cidrOrFail(s)));
  env.registerFunction('string(net.CIDR): string', (c: CIDRValue) => c.toString());
  env.registerFunction('net.CIDR.containsIP(net.IP): bool', (c: CIDRValue, ip: IPValue) => c.contains(ip));
  env.registerFunction('net.CIDR.containsIP(string): bool', (c: CIDRValue, s: string) => c.contains(ipOrFail(s)));
  const containsCIDR = (c: CIDRValue, o: CIDRValue): boolean => o.prefix >= c.prefix && c.contains(o.ip);
  env.registerFunction('net.CIDR.containsCIDR(net.CIDR): bool', containsCIDR);
  env.registerFunction('net.CIDR.containsCIDR(string): bool', (c: CIDRValue, s: string) => containsCIDR(c, cidrOrFail(s)));
  env.registerFunction('net.CIDR.ip(): net.IP', (c: CIDRValue) => c.ip);
  env.registerFunction('net.CIDR.masked(): net.CIDR', (c: CIDRValue) => c.masked());
  env.registerFunction('net.CIDR.prefixLength(): int', (c: CIDRValue) => BigInt(c.prefix));
  env.registerOperator('net.IP == net.IP', (a: IPValue, b: IPValue) => a.toString() === b.toString());
  env.registerOperator('net.CIDR == net.CIDR', (a: CIDRValue, b: CIDRValue) => a.toString() === b.toString());
}

// `ip.isCanonical(s)` is a namespaced call on the identifier `ip`, which is also a function.
export function installNetNamespace(env: Environment, ns: string): void {
  env.registerFunction(`${ns}.isCanonical(string): bool`, (_n: unknown, s: string) => {
    const ip = ipOrFail(s);
    return ip.toString() === s;
  });
}

// `net.IP` and `net.CIDR` name the types (`type(ip("::1")) == net.IP`). `net` is a
// constant whose fields hold the type values the base library gives those types.
class NetTypes {
  static celType = 'platlint.ns.net';
  constructor(
    readonly IP: unknown,
    readonly CIDR: unknown,
  ) {}
}

export function installNetTypeNames(env: Environment): void {
  const typeOf = (expr: string): unknown => env.evaluate(expr);
  env.registerType(NetTypes.celType, { ctor: NetTypes, fields: { IP: 'type', CIDR: 'type' } });
  env.registerConstant('net', NetTypes.celType, new NetTypes(typeOf('type(ip("0.0.0.0"))'), typeOf('type(cidr("0.0.0.0/0"))')));
}
