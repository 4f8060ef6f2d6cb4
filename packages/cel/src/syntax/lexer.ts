// A small CEL tokenizer used before the base parser runs: it finds message-construction
// syntax the base library cannot parse and measures nesting before deep recursion can
// overflow the JavaScript stack.

export type TokenKind = 'ident' | 'number' | 'string' | 'punct' | 'eof';

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

const TWO_CHAR = new Set(['==', '!=', '<=', '>=', '&&', '||']);

function isIdentStart(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
}

function isIdentPart(c: string): boolean {
  return isIdentStart(c) || (c >= '0' && c <= '9');
}

function stringEnd(src: string, start: number, quoteAt: number): number {
  const q = src[quoteAt] as string;
  const triple = src[quoteAt + 1] === q && src[quoteAt + 2] === q;
  let i = quoteAt + (triple ? 3 : 1);
  while (i < src.length) {
    const c = src[i];
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (triple) {
      if (c === q && src[i + 1] === q && src[i + 2] === q) return i + 3;
    } else if (c === q) {
      return i + 1;
    } else if (c === '\n' || c === '\r') {
      break;
    }
    i++;
  }
  throw new LexError('unterminated string literal', start, src.length);
}

export function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i] as string;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f') {
      i++;
      continue;
    }
    if (c === '/' && src[i + 1] === '/') {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    const start = i;
    if (c === '"' || c === "'") {
      i = stringEnd(src, start, i);
      out.push({ kind: 'string', text: src.slice(start, i), start, end: i });
      continue;
    }
    if ((c === 'r' || c === 'R' || c === 'b' || c === 'B') && (src[i + 1] === '"' || src[i + 1] === "'")) {
      i = stringEnd(src, start, i + 1);
      out.push({ kind: 'string', text: src.slice(start, i), start, end: i });
      continue;
    }
    if ((c === 'r' || c === 'R' || c === 'b' || c === 'B') && (src[i + 1] === 'r' || src[i + 1] === 'R' || src[i + 1] === 'b' || src[i + 1] === 'B') && (src[i + 2] === '"' || src[i + 2] === "'")) {
      i = stringEnd(src, start, i + 2);
      out.push({ kind: 'string', text: src.slice(start, i), start, end: i });
      continue;
    }
    if (isIdentStart(c)) {
      while (i < src.length && isIdentPart(src[i] as string)) i++;
      out.push({ kind: 'ident', text: src.slice(start, i), start, end: i });
      continue;
    }
    if (c >= '0' && c <= '9') {
      while (i < src.length && /[0-9a-zA-Z_.]/.test(src[i] as string)) {
        // A dot followed by an identifier is member access on a number, not a fraction.
        if (src[i] === '.' && !/[0-9]/.test(src[i + 1] ?? '')) break;
        if ((src[i] === 'e' || src[i] === 'E') && (src[i + 1] === '-' || src[i + 1] === '+')) i++;
        i++;
      }
      out.push({ kind: 'number', text: src.slice(start, i), start, end: i });
      continue;
    }
    const two = src.slice(i, i + 2);
    if (TWO_CHAR.has(two)) {
      out.push({ kind: 'punct', text: two, start, end: i + 2 });
      i += 2;
      continue;
    }
    out.push({ kind: 'punct', text: c, start, end: i + 1 });
    i++;
  }
  out.push({ kind: 'eof', text: '', start: src.length, end: src.length });
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
