// The CEL tokenizer of platlint: it runs before the base parser, to find message-construction
// syntax the base library cannot parse and to measure nesting before deep recursion can
// overflow the JavaScript stack, and the rules read identifiers with it (exported as
// `tokenizeCel`), so that strings and comments are skipped the same way everywhere.

type TokenKind = 'ident' | 'number' | 'string' | 'punct' | 'eof';

export interface Token {
  kind: TokenKind;
  text: string;
  start: number;
  end: number;
}

export class LexError extends Error {
  constructor(
    message: string,
    readonly start: number,
    readonly end: number,
  ) {
    super(message);
  }
}

// Character codes: the tokenizer runs before every construction compile, so it compares
// numbers instead of allocating one-character strings.
const SPACE = 32;
const TAB = 9;
const LF = 10;
const CR = 13;
const FF = 12;
const SLASH = 47;
const BACKSLASH = 92;
const DQUOTE = 34;
const SQUOTE = 39;
const DOT = 46;

function isIdentStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isIdentPart(c: number): boolean {
  return isIdentStart(c) || isDigit(c);
}

// r, R, b, B: string literal prefixes.
function isPrefix(c: number): boolean {
  return c === 114 || c === 82 || c === 98 || c === 66;
}

function isRaw(c: number): boolean {
  return c === 114 || c === 82;
}

function isQuote(c: number): boolean {
  return c === DQUOTE || c === SQUOTE;
}

/** Where the string literal opened at `quoteAt` ends; a raw one (r"...") has no escapes. */
function stringEnd(src: string, start: number, quoteAt: number, raw = false): number {
  const q = src.charCodeAt(quoteAt);
  const triple = src.charCodeAt(quoteAt + 1) === q && src.charCodeAt(quoteAt + 2) === q;
  let i = quoteAt + (triple ? 3 : 1);
  const n = src.length;
  while (i < n) {
    const c = src.charCodeAt(i);
    if (c === BACKSLASH && !raw) {
      i += 2;
      continue;
    }
    if (triple) {
      if (c === q && src.charCodeAt(i + 1) === q && src.charCodeAt(i + 2) === q) return i + 3;
    } else if (c === q) {
      return i + 1;
    } else if (c === LF || c === CR) {
      break;
    }
    i++;
  }
  throw new LexError('unterminated string literal', start, src.length);
}

// Two-character operators, or null.
function twoChar(c: number, d: number): string | null {
  if (d === 61) {
    if (c === 61) return '==';
    if (c === 33) return '!=';
    if (c === 60) return '<=';
    if (c === 62) return '>=';
    return null;
  }
  if (c === 38 && d === 38) return '&&';
  if (c === 124 && d === 124) return '||';
  return null;
}

/** Tokens of `src`; only punctuation carries its text (identifiers are sliced on demand). */
export function tokenize(src: string): Token[] {
  const out: Token[] = [];
  const n = src.length;
  let i = 0;
  while (i < n) {
    const c = src.charCodeAt(i);
    if (c === SPACE || c === TAB || c === LF || c === CR || c === FF) {
      i++;
      continue;
    }
    if (c === SLASH && src.charCodeAt(i + 1) === SLASH) {
      while (i < n && src.charCodeAt(i) !== LF) i++;
      continue;
    }
    const start = i;
    if (isQuote(c)) {
      i = stringEnd(src, start, i);
      out.push({ kind: 'string', text: '', start, end: i });
      continue;
    }
    if (isPrefix(c)) {
      const d = src.charCodeAt(i + 1);
      if (isQuote(d)) {
        i = stringEnd(src, start, i + 1, isRaw(c));
        out.push({ kind: 'string', text: '', start, end: i });
        continue;
      }
      if (isPrefix(d) && isQuote(src.charCodeAt(i + 2))) {
        i = stringEnd(src, start, i + 2, isRaw(c) || isRaw(d));
        out.push({ kind: 'string', text: '', start, end: i });
        continue;
      }
    }
    if (isIdentStart(c)) {
      i++;
      while (i < n && isIdentPart(src.charCodeAt(i))) i++;
      out.push({ kind: 'ident', text: '', start, end: i });
      continue;
    }
    if (isDigit(c)) {
      while (i < n) {
        const d = src.charCodeAt(i);
        if (!(isIdentPart(d) || d === DOT)) break;
        // A dot followed by an identifier is member access on a number, not a fraction.
        if (d === DOT && !isDigit(src.charCodeAt(i + 1))) break;
        if ((d === 101 || d === 69) && (src.charCodeAt(i + 1) === 45 || src.charCodeAt(i + 1) === 43)) i++;
        i++;
      }
      out.push({ kind: 'number', text: '', start, end: i });
      continue;
    }
    const two = i + 1 < n ? twoChar(c, src.charCodeAt(i + 1)) : null;
    if (two) {
      out.push({ kind: 'punct', text: two, start, end: i + 2 });
      i += 2;
      continue;
    }
    out.push({ kind: 'punct', text: src[i] as string, start, end: i + 1 });
    i++;
  }
  out.push({ kind: 'eof', text: '', start: n, end: n });
  return out;
}

export interface NestingReport {
  depth: number;
  at: number;
}

// Bracket nesting plus runs of prefix operators: both drive recursion in the base parser.
export function measureNesting(tokens: readonly Token[]): NestingReport {
  let depth = 0;
  let max = 0;
  let at = 0;
  let unaryRun = 0;
  let prev: Token | undefined;
  for (const t of tokens) {
    if (t.kind === 'punct') {
      if (t.text === '(' || t.text === '[' || t.text === '{') depth++;
      else if (t.text === ')' || t.text === ']' || t.text === '}') depth--;
      const prefixPosition = !prev || (prev.kind === 'punct' && !')]}'.includes(prev.text));
      if ((t.text === '!' || t.text === '-') && prefixPosition) unaryRun++;
      else unaryRun = 0;
    } else {
      unaryRun = 0;
    }
    const level = depth + unaryRun;
    if (level > max) {
      max = level;
      at = t.start;
    }
    prev = t;
  }
  return { depth: max, at };
}

/**
 * Words a CEL identifier may not be: the literals and `in`, and the words the language reserves
 * (cel-spec's grammar, langdef.md "Reserved words"), which upstream also refuses as variable names.
 */
export const CEL_RESERVED_WORDS: ReadonlySet<string> = new Set([
  'true',
  'false',
  'null',
  'in',
  'as',
  'break',
  'const',
  'continue',
  'else',
  'for',
  'function',
  'if',
  'import',
  'let',
  'loop',
  'package',
  'namespace',
  'return',
  'var',
  'void',
  'while',
]);
