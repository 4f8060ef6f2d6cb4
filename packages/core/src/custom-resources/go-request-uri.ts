// Whether Go's url.ParseRequestURI accepts a string: the `uri` format of a CRD schema
// (kube-openapi strfmt default.go registers govalidator.IsRequestURI, which is that call). Go
// parses bytes; every test below is on ASCII, so reading UTF-16 code units gives the same answer.
// Upstream: golang/go src/net/url/url.go parse (viaRequest), getScheme, parseAuthority,
// parseHost, validUserinfo, validOptionalPort, unescape, shouldEscape, stringContainsCTLByte.

type Mode = 'path' | 'host' | 'zone' | 'userPassword';

const isAlnum = (c: string): boolean => /^[A-Za-z0-9]$/.test(c);
const isHex = (c: string | undefined): boolean => c !== undefined && /^[0-9A-Fa-f]$/.test(c);

/** Go's shouldEscape for the modes a request URI reaches (path, host, zone, user and password). */
function shouldEscape(c: string, mode: Mode): boolean {
  if (isAlnum(c)) return false;
  if ((mode === 'host' || mode === 'zone') && `!$&'()*+,;=:[]<>"`.includes(c)) return false;
  if ('-_.~'.includes(c)) return false;
  if ('$&+,/:;=?@'.includes(c)) return mode === 'path' ? c === '?' : mode === 'userPassword' ? '@/?:'.includes(c) : true;
  return true;
}

/** Go's unescape: every `%` starts two hex digits, and a host may %-encode only non-ASCII bytes (or `%25`). */
function unescapes(s: string, mode: Mode): boolean {
  for (let i = 0; i < s.length;) {
    const c = s[i] as string;
    if (c === '%') {
      if (!isHex(s[i + 1]) || !isHex(s[i + 2])) return false;
      const escaped = s.slice(i, i + 3);
      if (mode === 'host' && parseInt(s[i + 1] as string, 16) < 8 && escaped !== '%25') return false;
      if (mode === 'zone') {
        const byte = String.fromCharCode(parseInt(escaped.slice(1), 16));
        if (escaped !== '%25' && byte !== ' ' && shouldEscape(byte, 'host')) return false;
      }
      i += 3;
      continue;
    }
    if ((mode === 'host' || mode === 'zone') && c.charCodeAt(0) < 0x80 && shouldEscape(c, mode)) return false;
    i++;
  }
  return true;
}

/** `""` or `:` followed by digits only. */
const validOptionalPort = (port: string): boolean => port === '' || /^:[0-9]*$/.test(port);

function validHost(host: string): boolean {
  if (host.startsWith('[')) {
    const close = host.lastIndexOf(']');
    if (close < 0 || !validOptionalPort(host.slice(close + 1))) return false;
    const zone = host.slice(0, close).indexOf('%25');
    if (zone >= 0)
      return (
        unescapes(host.slice(0, zone), 'host') &&
        unescapes(host.slice(zone, close), 'zone') &&
        unescapes(host.slice(close), 'host')
      );
  } else {
    const colon = host.lastIndexOf(':');
    if (colon !== -1 && !validOptionalPort(host.slice(colon))) return false;
  }
  return unescapes(host, 'host');
}

const USERINFO = /^[A-Za-z0-9\-._:~!$&'()*+,;=%@]*$/;

function validAuthority(authority: string): boolean {
  const at = authority.lastIndexOf('@');
  if (!validHost(at < 0 ? authority : authority.slice(at + 1))) return false;
  if (at < 0) return true;
  const userinfo = authority.slice(0, at);
  if (!USERINFO.test(userinfo)) return false;
  const colon = userinfo.indexOf(':');
  return colon < 0
    ? unescapes(userinfo, 'userPassword')
    : unescapes(userinfo.slice(0, colon), 'userPassword') && unescapes(userinfo.slice(colon + 1), 'userPassword');
}

/** The scheme Go's getScheme splits off (`[a-zA-Z][a-zA-Z0-9+.-]*` before a colon), `''` for none, undefined for a leading colon. */
function schemeOf(raw: string): { scheme: string; rest: string } | undefined {
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i] as string;
    if (/[A-Za-z]/.test(c)) continue;
    if (/[0-9+\-.]/.test(c)) {
      if (i === 0) return { scheme: '', rest: raw };
      continue;
    }
    if (c === ':') return i === 0 ? undefined : { scheme: raw.slice(0, i), rest: raw.slice(i + 1) };
    return { scheme: '', rest: raw };
  }
  return { scheme: '', rest: raw };
}

/** True when Go's url.ParseRequestURI parses `raw` without an error. */
export function isRequestUri(raw: string): boolean {
  // stringContainsCTLByte: any byte below a space, or DEL.
  for (let i = 0; i < raw.length; i++) if (raw.charCodeAt(i) < 0x20 || raw.charCodeAt(i) === 0x7f) return false;
  if (raw === '') return false;
  if (raw === '*') return true;
  const split = schemeOf(raw);
  if (!split) return false;
  let rest = split.rest;
  const questions = rest.split('?').length - 1;
  if (rest.endsWith('?') && questions === 1) rest = rest.slice(0, -1);
  else if (questions > 0) rest = rest.slice(0, rest.indexOf('?'));
  if (!rest.startsWith('/')) return split.scheme !== ''; // a rootless path after a scheme is opaque
  if (split.scheme !== '' && rest.startsWith('//')) {
    const authority = rest.slice(2);
    const slash = authority.indexOf('/');
    if (!validAuthority(slash >= 0 ? authority.slice(0, slash) : authority)) return false;
    rest = slash >= 0 ? authority.slice(slash) : '';
  }
  return unescapes(rest, 'path');
}
