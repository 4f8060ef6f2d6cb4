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

// Go's strconv.Quote, for the short ASCII pieces its URL errors quote.
const goQuoted = (s: string): string => JSON.stringify(s);

const isHex = (c: string | undefined): boolean => c !== undefined && /^[0-9a-fA-F]$/.test(c);

/** The first bad %-escape of `s` (Go net/url unescape: EscapeError), in host mode also an escaped ASCII byte or a character a host cannot hold (InvalidHostError). */
function escapeProblem(s: string, host: boolean): string | null {
  for (let i = 0; i < s.length; i++) {
    const c = s[i] as string;
    if (c === '%') {
      if (!isHex(s[i + 1]) || !isHex(s[i + 2])) return `invalid URL escape ${goQuoted(s.slice(i, i + 3))}`;
      if (host && parseInt(s[i + 1] as string, 16) < 8 && s.slice(i, i + 3) !== '%25')
        return `invalid URL escape ${goQuoted(s.slice(i, i + 3))}`;
      i += 2;
    } else if (host && c.charCodeAt(0) < 0x80 && !HOST_CHARS.test(c)) {
      return `invalid character ${goQuoted(c)} in host name`;
    }
  }
  return null;
}

// Go net/url parseHost: an IP literal in brackets or host[:port], then its escapes.
function hostProblem(host: string): string | null {
  let colonPort = '';
  if (host.startsWith('[')) {
    const close = host.lastIndexOf(']');
    if (close < 0) return "missing ']' in host";
    colonPort = host.slice(close + 1);
  } else if (host.lastIndexOf(':') >= 0) {
    colonPort = host.slice(host.lastIndexOf(':'));
  }
  if (!validPort(colonPort)) return `invalid port ${goQuoted(colonPort)} after host`;
  return escapeProblem(host, true);
}

/**
 * Go's url.ParseRequestURI (net/url url.go parse, with viaRequest), as the platform's url(),
 * isURL() and format.uri() use it: the URL, or why it is refused, in Go's words.
 */
export function parseRequestURI(s: string): URLValue | string {
  if (hasControl(s)) return 'net/url: invalid control character in URL';
  if (s === '') return 'empty url';
  if (s === '*') return new URLValue('', '', '*', '');
  const split = schemeOf(s);
  if (!split) return 'missing protocol scheme';
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
  if (!rest.startsWith('/')) return scheme ? new URLValue(scheme, '', '', rawQuery) : 'invalid URI for request';
  let host = '';
  if (scheme && rest.startsWith('//')) {
    const slash = rest.indexOf('/', 2);
    const authority = slash < 0 ? rest.slice(2) : rest.slice(2, slash);
    rest = slash < 0 ? '' : rest.slice(slash);
    const at = authority.lastIndexOf('@');
    host = authority.slice(at + 1);
    const bad = hostProblem(host);
    if (bad) return bad;
    if (at >= 0) {
      const userinfo = authority.slice(0, at);
      if (!USERINFO_CHARS.test(userinfo)) return 'net/url: invalid userinfo';
      const escape = escapeProblem(userinfo, false);
      if (escape) return escape;
    }
  }
  return escapeProblem(rest, false) ?? new URLValue(scheme, host, rest, rawQuery);
}

export function parseURL(s: string): URLValue | null {
  const u = parseRequestURI(s);
  return typeof u === 'string' ? null : u;
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
  env.registerOperator(
    `${URLValue.celType} == ${URLValue.celType}`,
    (a: URLValue, b: URLValue) => a.scheme === b.scheme && a.host === b.host && a.path === b.path && a.rawQuery === b.rawQuery,
  );
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
