// Kubernetes' URL library: `url(...)` parses absolute URIs and absolute paths.
import type { Environment } from '@marcbachmann/cel-js';
import { charge } from '../budget.js';
import { fail } from './macro.js';

export class URLValue {
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

const URI = /^(?:([a-zA-Z][a-zA-Z0-9+.-]*):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#.*)?$/;

export function parseURL(s: string): URLValue | null {
  if (/\s/.test(s)) return null;
  const m = URI.exec(s);
  if (!m) return null;
  const [, scheme = '', authority, path = '', query = ''] = m;
  if (!scheme && !path.startsWith('/')) return null;
  if (scheme && authority === undefined && !path.startsWith('/') && path !== '') return null;
  const host = authority ? authority.slice(authority.lastIndexOf('@') + 1) : '';
  try {
    if (/%(?![0-9a-fA-F]{2})/.test(path)) return null;
  } catch {
    return null;
  }
  return new URLValue(scheme, host, path, query);
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
