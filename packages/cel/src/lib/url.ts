// Kubernetes' URL library: `url(...)` parses absolute URIs and absolute paths.
import type { Environment } from '@marcbachmann/cel-js';
import { charge } from '../budget.js';
import { fail } from './macro.js';

class URLValue {
  static celType = 'kubernetes.URL';
  constructor(
    readonly scheme: string,
    readonly host: string,
    readonly path: string,
    readonly rawQuery: string,
  ) {}

  get hostname(): string {
    if (this.host.startsWith('[')) return this.host.slice(1, this.host.indexOf(']'));
    const colon = this.host.lastIndexOf(':');
    return colon >= 0 ? this.host.slice(0, colon) : this.host;
  }

  get port(): string {
    const close = this.host.lastIndexOf(']');
    const colon = this.host.lastIndexOf(':');
    return colon > close ? this.host.slice(colon + 1) : '';
  }
}

// Go's url.ParseRequestURI, which the platform's url() and isURL() use: an absolute URI
// or an absolute path, no fragment handling (a `#` stays in the path or query), an
// opaque form for `scheme:rest` without a slash (`mailto:a@b`), `*` on its own.
// ASCII control characters (below space, and DEL), which Go refuses anywhere in a URL.
function hasControl(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}
const BAD_ESCAPE = /%(?![0-9a-fA-F]{2})/;
const SCHEME_CHAR = /[A-Za-z0-9+.-]/;
// Characters Go accepts unescaped in a host name (besides letters and digits).
const HOST_CHARS = /^[A-Za-z0-9\-_.~!$&'()*+,;=:[\]<>"%\x80-\uffff]*$/;
const USERINFO_CHARS = /^[A-Za-z0-9\-_.~$&%'()*+,;=:!]*$/;

function schemeOf(s: string): { scheme: string; rest: string } | null {
  for (let i = 0; i < s.length; i++) {
    const c = s[i] as string;
    if (/[A-Za-z]/.test(c)) continue;
    if (c === ':') return i === 0 ? null : { scheme: s.slice(0, i).toLowerCase(), rest: s.slice(i + 1) };
    if (i > 0 && SCHEME_CHAR.test(c)) continue;
    break;
  }
  return { scheme: '', rest: s };
}

function validPort(colonPort: string): boolean {
  return colonPort === '' || /^:[0-9]*$/.test(colonPort);
}

function validHost(host: string): boolean {
  if (host.startsWith('[')) {
    const close = host.lastIndexOf(']');
    if (close < 0) return false;
    return validPort(host.slice(close + 1)) && !BAD_ESCAPE.test(host);
  }
  const colon = host.lastIndexOf(':');
  if (colon >= 0 && !validPort(host.slice(colon))) return false;
  return HOST_CHARS.test(host) && !BAD_ESCAPE.test(host);
}

export function parseURL(s: string): URLValue | null {
  if (s === '' || hasControl(s)) return null;
  if (s === '*') return new URLValue('', '', '*', '');
  const split = schemeOf(s);
  if (!split) return null;
  const { scheme } = split;
  let rest = split.rest;
  let rawQuery = '';
  if (rest.endsWith('?') && rest.indexOf('?') === rest.length - 1) rest = rest.slice(0, -1);
  else {
    const q = rest.indexOf('?');
    if (q >= 0) {
      rawQuery = rest.slice(q + 1);
      rest = rest.slice(0, q);
    }
  }
  if (!rest.startsWith('/')) return scheme ? new URLValue(scheme, '', '', rawQuery) : null;
  let host = '';
  if (scheme && rest.startsWith('//')) {
    const slash = rest.indexOf('/', 2);
    const authority = slash < 0 ? rest.slice(2) : rest.slice(2, slash);
    rest = slash < 0 ? '' : rest.slice(slash);
    const at = authority.lastIndexOf('@');
    if (at >= 0 && !USERINFO_CHARS.test(authority.slice(0, at))) return null;
    host = authority.slice(at + 1);
    if (!validHost(host)) return null;
  }
  if (BAD_ESCAPE.test(rest)) return null;
  return new URLValue(scheme, host, rest, rawQuery);
}

function urlOrFail(s: string): URLValue {
  const u = parseURL(s);
  if (!u) throw fail(`URL parse error during conversion from string: ${s}`);
  return u;
}

function query(u: URLValue): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (!u.rawQuery) return out;
  for (const pair of u.rawQuery.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const decode = (x: string): string => decodeURIComponent(x.replace(/\+/g, ' '));
    const k = decode(eq < 0 ? pair : pair.slice(0, eq));
    const v = eq < 0 ? '' : decode(pair.slice(eq + 1));
    out.set(k, [...(out.get(k) ?? []), v]);
  }
  return out;
}

export function installURL(env: Environment): void {
  const U = 'kubernetes.URL';
  env.registerType(U, { ctor: URLValue, fields: {} });
  // URLs are equal when they were parsed from equal parts.
  env.registerOperator(`${URLValue.celType} == ${URLValue.celType}`, (a: URLValue, b: URLValue) => a.scheme === b.scheme && a.host === b.host && a.path === b.path && a.rawQuery === b.rawQuery);
  env.registerFunction('isURL(string): bool', (s: string) => (charge(1), parseURL(s) !== null));
  env.registerFunction(`url(string): ${U}`, (s: string) => (charge(1), urlOrFail(s)));
  env.registerFunction(`${U}.getScheme(): string`, (u: URLValue) => u.scheme);
  env.registerFunction(`${U}.getHost(): string`, (u: URLValue) => u.host);
  env.registerFunction(`${U}.getHostname(): string`, (u: URLValue) => u.hostname);
  env.registerFunction(`${U}.getPort(): string`, (u: URLValue) => u.port);
  env.registerFunction(`${U}.getEscapedPath(): string`, (u: URLValue) => u.path);
  env.registerFunction(`${U}.getQuery(): map<string, list<string>>`, (u: URLValue) => {
    try {
      return query(u);
    } catch {
      throw fail('invalid URL query');
    }
  });
}
