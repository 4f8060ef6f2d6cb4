// Kubernetes' extended strings library and the standard string functions the base
// library lacks or implements with UTF-16 rather than code-point semantics.
import type { Environment } from '@marcbachmann/cel-js';
import { charge } from '../budget.js';
import { celEquals } from './compare.js';
import { formatString } from './format.js';
import { formatPlatform } from './format-platform.js';
import { defineOverloads, fail } from './macro.js';
import { defineNamespace } from './namespace.js';

const cost = (s: string): void => charge(1 + (s.length >> 4));

// Unicode's White_Space property (Go's unicode.IsSpace), which trim() removes: unlike
// JavaScript's \s it includes U+0085 and excludes U+FEFF.
const WHITE_SPACE = '\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const EDGE_WHITE_SPACE = new RegExp(`^[${WHITE_SPACE}]+|[${WHITE_SPACE}]+$`, 'g');

function codePoints(s: string): string[] {
  return Array.from(s);
}

function idx(n: bigint, len: number, what: string): number {
  if (n < 0n || n > BigInt(len)) throw fail(`${what}: index out of range: ${n}`);
  return Number(n);
}

// With an offset (cel-go's strings extension as release 1.37 vendors it): an empty
// substring is found at the offset itself, a negative offset is an error, and an offset at
// or past the end finds nothing.
function offset(from: bigint, what: string): number {
  if (from < 0n) throw fail(`${what}: index out of range: ${from}`);
  return Number(from);
}

function indexOf(s: string, sub: string, from?: bigint): bigint {
  cost(s);
  if (sub === '' && from !== undefined) return from;
  const cps = codePoints(s);
  const start = from === undefined ? 0 : offset(from, 'indexOf');
  if (start >= cps.length && from !== undefined) return -1n;
  const subCps = codePoints(sub);
  for (let i = start; i + subCps.length <= cps.length; i++) {
    if (subCps.every((c, j) => cps[i + j] === c)) return BigInt(i);
  }
  return -1n;
}

function lastIndexOf(s: string, sub: string, from?: bigint): bigint {
  cost(s);
  if (sub === '' && from !== undefined) return from;
  const cps = codePoints(s);
  const subCps = codePoints(sub);
  if (from !== undefined && offset(from, 'lastIndexOf') >= cps.length) return -1n;
  const start = from === undefined ? cps.length - subCps.length : Math.min(Number(from), cps.length - subCps.length);
  for (let i = start; i >= 0; i--) {
    if (subCps.every((c, j) => cps[i + j] === c)) return BigInt(i);
  }
  return -1n;
}

function substring(s: string, start: bigint, end?: bigint): string {
  cost(s);
  const cps = codePoints(s);
  const a = idx(start, cps.length, 'substring');
  const b = end === undefined ? cps.length : idx(end, cps.length, 'substring');
  if (a > b) throw fail(`substring: invalid range: start ${a} > end ${b}`);
  return cps.slice(a, b).join('');
}

function replace(s: string, from: string, to: string, limit = -1n): string {
  cost(s);
  let n = limit < 0n ? Infinity : Number(limit);
  if (from === '') {
    // Like Go's strings.Replace: an empty pattern matches before every code point and at the end.
    let out = '';
    const cps = codePoints(s);
    for (let i = 0; i <= cps.length; i++) {
      if (n > 0) {
        out += to;
        n--;
      }
      out += cps[i] ?? '';
    }
    return out;
  }
  let out = '';
  let rest = s;
  while (n > 0) {
    const at = rest.indexOf(from);
    if (at < 0) break;
    out += rest.slice(0, at) + to;
    rest = rest.slice(at + from.length);
    n--;
  }
  return out + rest;
}

function quote(s: string): string {
  let out = '"';
  for (const ch of s) {
    switch (ch) {
      case '\\':
        out += '\\\\';
        break;
      case '"':
        out += '\\"';
        break;
      case '\n':
        out += '\\n';
        break;
      case '\r':
        out += '\\r';
        break;
      case '\t':
        out += '\\t';
        break;
      case '\x07':
        out += '\\a';
        break;
      case '\b':
        out += '\\b';
        break;
      case '\f':
        out += '\\f';
        break;
      case '\v':
        out += '\\v';
        break;
      default: {
        const cp = ch.codePointAt(0) as number;
        out += cp >= 0xd800 && cp <= 0xdfff ? '\ufffd' : ch;
      }
    }
  }
  return `${out}"`;
}

function listIndexOf(list: unknown[], v: unknown): bigint {
  charge(1 + list.length);
  return BigInt(list.findIndex((x) => celEquals(x, v)));
}

function listLastIndexOf(list: unknown[], v: unknown): bigint {
  charge(1 + list.length);
  for (let i = list.length - 1; i >= 0; i--) if (celEquals(list[i], v)) return BigInt(i);
  return -1n;
}

export function installStrings(env: Environment): void {
  defineOverloads(env, 'indexOf', true, [
    { recv: 'string', args: ['string'], ret: 'int', fn: (s: string, sub: string) => indexOf(s, sub) },
    { recv: 'string', args: ['string', 'int'], ret: 'int', fn: (s: string, sub: string, from: bigint) => indexOf(s, sub, from) },
    { recv: 'list', args: ['dyn'], ret: 'int', fn: listIndexOf },
  ]);
  defineOverloads(env, 'lastIndexOf', true, [
    { recv: 'string', args: ['string'], ret: 'int', fn: (s: string, sub: string) => lastIndexOf(s, sub) },
    {
      recv: 'string',
      args: ['string', 'int'],
      ret: 'int',
      fn: (s: string, sub: string, from: bigint) => lastIndexOf(s, sub, from),
    },
    { recv: 'list', args: ['dyn'], ret: 'int', fn: listLastIndexOf },
  ]);
  defineOverloads(env, 'substring', true, [
    { recv: 'string', args: ['int'], ret: 'string', fn: (s: string, a: bigint) => substring(s, a) },
    { recv: 'string', args: ['int', 'int'], ret: 'string', fn: (s: string, a: bigint, b: bigint) => substring(s, a, b) },
  ]);

  env.registerFunction('string.charAt(int): string', (s: string, i: bigint) => {
    cost(s);
    const cps = codePoints(s);
    return cps[idx(i, cps.length, 'charAt')] ?? '';
  });
  env.registerFunction('string.replace(string, string): string', (s: string, a: string, b: string) => replace(s, a, b));
  env.registerFunction('string.replace(string, string, int): string', replace);
  // Renamed from the base built-ins before type-checking (syntax/ast-fixes.ts): the base
  // trims JavaScript's white space and changes the case of non-ASCII letters.
  env.registerFunction('string.__trim(): string', (s: string) => (cost(s), s.replace(EDGE_WHITE_SPACE, '')));
  env.registerFunction('string.__lowerAscii(): string', (s: string) => (cost(s), s.replace(/[A-Z]+/g, (m) => m.toLowerCase())));
  env.registerFunction('string.__upperAscii(): string', (s: string) => (cost(s), s.replace(/[a-z]+/g, (m) => m.toUpperCase())));
  env.registerFunction('string.reverse(): string', (s: string) => (cost(s), codePoints(s).reverse().join('')));
  env.registerFunction('string.format(list): string', (s: string, args: unknown[]) => (cost(s), formatPlatform(s, args)));
  // cel-go's newer formatter, which the cel-spec conformance data expects (`celSpecFormat`).
  env.registerFunction('string.__formatSpec(list): string', (s: string, args: unknown[]) => (cost(s), formatString(s, args)));
  const ns = defineNamespace(env, 'strings');
  env.registerFunction(`${ns}.quote(string): string`, (_ns: unknown, s: string) => (cost(s), quote(s)));
}
