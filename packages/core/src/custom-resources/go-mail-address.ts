// Whether Go's mail.ParseAddress reads a string as one address: the `email` format of a CRD
// schema (kube-openapi strfmt default.go IsEmail: ParseAddress without an error and a non-empty
// address). Upstream: golang/go src/net/mail/message.go addrParser (parseSingleAddress,
// parseAddress, consumeAddrSpec, consumePhrase, consumeQuotedString, consumeAtom,
// consumeDomainLiteral, consumeDisplayNameComment, skipCFWS, consumeComment, decodeRFC2047Word,
// isAtext, isQtext, isVchar, isDtext) and src/mime/encodedword.go (WordDecoder.Decode, decode,
// qDecode, convert). Go walks bytes; every test here is on ASCII, and any code unit at or above
// 0x80 is, as in Go, a visible character (RFC 6532), so UTF-16 code units give the same answers.
import { isIP } from 'node:net';

class Refused extends Error {}

const isVchar = (c: string): boolean => (c >= '!' && c <= '~') || c.charCodeAt(0) >= 0x80;
const isWsp = (c: string): boolean => c === ' ' || c === '\t';
const isQtext = (c: string): boolean => c !== '\\' && c !== '"' && isVchar(c);
const isDtext = (c: string): boolean => c !== '[' && c !== ']' && c !== '\\' && isVchar(c);
const SPECIALS = '()<>[]:;@\\,"';
const isAtext = (c: string, dot: boolean): boolean => (c === '.' ? dot : !SPECIALS.includes(c) && isVchar(c));

const STD_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** mime qDecode accepts the text: `=` starts two hex digits, other bytes are printable ASCII or tab. */
function qDecodes(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '=') {
      if (i + 2 >= text.length || !/^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) return false;
      i += 2;
    } else if (!((c >= ' ' && c <= '~') || c === '\n' || c === '\r' || c === '\t')) {
      return false;
    }
  }
  return true;
}

/**
 * decodeRFC2047Word's one error: an encoded word (`=?charset?b?text?=`) whose text decodes but
 * whose charset Go cannot convert (it knows utf-8, iso-8859-1 and us-ascii). Any other malformed
 * encoded word is kept as a plain word.
 */
function hasUnknownCharset(word: string): boolean {
  if (word.length < 8 || !word.startsWith('=?') || !word.endsWith('?=') || word.split('?').length !== 5) return false;
  const [charset = '', encoding = '', text = ''] = word.slice(2, -2).split('?');
  if (charset === '' || encoding.length !== 1) return false;
  const decodes = 'Bb'.includes(encoding) ? STD_BASE64.test(text) : 'Qq'.includes(encoding) ? qDecodes(text) : false;
  return decodes && !['utf-8', 'iso-8859-1', 'us-ascii'].includes(charset.toLowerCase());
}

class AddressParser {
  constructor(private s: string) {}

  empty(): boolean {
    return this.s.length === 0;
  }

  peek(): string {
    return this.s[0] as string;
  }

  consume(c: string): boolean {
    if (this.empty() || this.peek() !== c) return false;
    this.s = this.s.slice(1);
    return true;
  }

  skipSpace(): void {
    this.s = this.s.replace(/^[ \t]+/, '');
  }

  skipCFWS(): boolean {
    this.skipSpace();
    while (this.consume('(')) {
      if (this.consumeComment() === undefined) return false;
      this.skipSpace();
    }
    return true;
  }

  /** After a consumed `(`: the comment's text, undefined when it is not closed. */
  consumeComment(): string | undefined {
    let depth = 1;
    let comment = '';
    while (!this.empty() && depth > 0) {
      if (this.peek() === '\\' && this.s.length > 1) this.s = this.s.slice(1);
      else if (this.peek() === '(') depth++;
      else if (this.peek() === ')') depth--;
      if (depth > 0) comment += this.s[0];
      this.s = this.s.slice(1);
    }
    return depth === 0 ? comment : undefined;
  }

  consumeAtom(dot: boolean, permissive: boolean): string {
    let i = 0;
    while (i < this.s.length && isAtext(this.s[i] as string, dot)) i++;
    if (i === 0) throw new Refused('invalid string');
    const atom = this.s.slice(0, i);
    this.s = this.s.slice(i);
    if (!permissive && (atom.startsWith('.') || atom.includes('..') || atom.endsWith('.')))
      throw new Refused('misplaced dot in atom');
    return atom;
  }

  consumeQuotedString(): string {
    let i = 1;
    let out = '';
    let escaped = false;
    for (;;) {
      const c = this.s[i];
      if (c === undefined) throw new Refused('unclosed quoted-string');
      if (escaped) {
        if (!isVchar(c) && !isWsp(c)) throw new Refused('bad character in quoted-string');
        out += c;
        escaped = false;
      } else if (isQtext(c) || isWsp(c)) {
        out += c;
      } else if (c === '"') {
        break;
      } else if (c === '\\') {
        escaped = true;
      } else {
        throw new Refused('bad character in quoted-string');
      }
      i++;
    }
    this.s = this.s.slice(i + 1);
    return out;
  }

  consumeDomainLiteral(): string {
    this.consume('[');
    let dtext = '';
    for (;;) {
      if (this.empty()) throw new Refused('unclosed domain-literal');
      if (this.peek() === ']') break;
      if (!isDtext(this.peek())) throw new Refused('bad character in domain-literal');
      dtext += this.peek();
      this.s = this.s.slice(1);
    }
    this.consume(']');
    // Go: an IPv6 address after "IPv6:", else an address whose To4() is not nil.
    if (dtext.startsWith('IPv6:')) {
      if (!goParsesIP(dtext.slice(5))) throw new Refused('invalid IPv6 address in domain-literal');
    } else if (!goParsesIPv4(dtext)) {
      throw new Refused('invalid IP address in domain-literal');
    }
    return `[${dtext}]`;
  }

  /** An addr-spec, or a Refused error with the parser back where it started. */
  consumeAddrSpec(): string {
    const start = this.s;
    try {
      this.skipSpace();
      if (this.empty()) throw new Refused('no addr-spec');
      let local: string;
      if (this.peek() === '"') {
        local = this.consumeQuotedString();
        if (local === '') throw new Refused('empty quoted string in addr-spec');
      } else {
        local = this.consumeAtom(true, false);
      }
      if (!this.consume('@')) throw new Refused('missing @ in addr-spec');
      this.skipSpace();
      if (this.empty()) throw new Refused('no domain in addr-spec');
      const domain = this.peek() === '[' ? this.consumeDomainLiteral() : this.consumeAtom(true, false);
      return `${local}@${domain}`;
    } catch (error) {
      this.s = start;
      throw error;
    }
  }

  consumePhrase(): string {
    const words: string[] = [];
    let failed = false;
    for (;;) {
      if (words.length > 0 && !this.skipCFWS()) throw new Refused('misformatted parenthetical comment');
      this.skipSpace();
      if (this.empty()) break;
      try {
        if (this.peek() === '"') {
          words.push(this.consumeQuotedString());
        } else {
          const word = this.consumeAtom(true, true);
          if (hasUnknownCharset(word)) throw new Refused('charset not supported');
          words.push(word);
        }
      } catch (error) {
        if (!(error instanceof Refused)) throw error;
        failed = true;
        break;
      }
    }
    if (failed && words.length === 0) throw new Refused('missing word in phrase');
    return words.join(' ');
  }

  consumeDisplayNameComment(): void {
    this.consume('(');
    const comment = this.consumeComment();
    if (comment === undefined) throw new Refused('misformatted parenthetical comment');
    for (const word of comment.split(/[ \t]+/)) if (hasUnknownCharset(word)) throw new Refused('charset not supported');
  }

  /** One address (a group when `handleGroup`): how many mailboxes it holds. */
  parseAddress(handleGroup: boolean): number {
    this.skipSpace();
    if (this.empty()) throw new Refused('no address');
    // An addr-spec first; when it does not parse, a display name and an angle-addr (or a group).
    let spec = false;
    try {
      this.consumeAddrSpec();
      spec = true;
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
    }
    if (spec) {
      this.skipSpace();
      if (!this.empty() && this.peek() === '(') this.consumeDisplayNameComment();
      return 1;
    }
    if (this.peek() !== '<') this.consumePhrase();
    this.skipSpace();
    if (handleGroup && this.consume(':')) return this.consumeGroupList();
    if (!this.consume('<')) throw new Refused('no angle-addr');
    this.consumeAddrSpec();
    if (!this.consume('>')) throw new Refused('unclosed angle-addr');
    return 1;
  }

  consumeGroupList(): number {
    let count = 0;
    this.skipSpace();
    if (this.consume(';')) {
      if (!this.skipCFWS()) throw new Refused('misformatted parenthetical comment');
      return count;
    }
    for (;;) {
      this.skipSpace();
      count += this.parseAddress(false);
      if (!this.skipCFWS()) throw new Refused('misformatted parenthetical comment');
      if (this.consume(';')) {
        if (!this.skipCFWS()) throw new Refused('misformatted parenthetical comment');
        return count;
      }
      if (!this.consume(',')) throw new Refused('expected comma');
    }
  }

  parseSingleAddress(): boolean {
    const count = this.parseAddress(true);
    // Go: a trailing comment is skipped, anything else left over is refused; a group must hold one address.
    return this.skipCFWS() && this.empty() && count === 1;
  }
}

/** Go's net.ParseIP: IPv4 in dotted decimal without leading zeros, or IPv6 without a zone. */
function goParsesIP(text: string): boolean {
  return isIP(text) !== 0 && !text.includes('%');
}

/** An address Go's ParseIP reads and To4 keeps: IPv4, or IPv6 that maps one (::ffff:0:0/96). */
function goParsesIPv4(text: string): boolean {
  if (isIP(text) === 4) return true;
  if (!goParsesIP(text)) return false;
  // The WHATWG URL parser writes an IPv6 host in its canonical form, where a mapped IPv4 address always reads ::ffff:x:y.
  return /^\[::ffff:[0-9a-f]{1,4}:[0-9a-f]{1,4}\]$/.test(new URL(`http://[${text}]`).hostname);
}

/** True when Go's mail.ParseAddress reads `text` as one address with a non-empty address part. */
export function isMailAddress(text: string): boolean {
  try {
    return new AddressParser(text).parseSingleAddress();
  } catch (error) {
    if (error instanceof Refused) return false;
    throw error;
  }
}
