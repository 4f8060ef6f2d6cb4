// The base library has no message-construction syntax (`Object.spec{replicas: 1}`).
// We rewrite each construction into a call of the `__new` macro, which the environment
// type-checks against the schema: `__new(0, {replicas: 1})`, where 0 indexes the type
// names the rewrite returns. The index and the bare field names keep the text the base
// parser reads short (compile time is mostly its tokenizer); the macro never type-checks
// the keys, so a field name stays a name and is not looked up as a variable. Names the
// base parser refuses as identifiers are quoted (`{"namespace": ...}`), and so is every
// key when the environment has no constructions, so the error stays about the call.
import { SourceMapBuilder, type RewrittenSource } from '../position.js';
import { CEL_RESERVED_WORDS, type Token } from './lexer.js';

export const CONSTRUCT_MACRO = '__new';
// The base `has()` accepts only a selection chain rooted at a name (`has(a.b.c)`); CEL
// allows any operand (`has(Object{...}.spec)`, `has({"a": 1}.a)`, `has(x[0].f)`). Such
// calls are renamed to this macro, which takes any operand.
export const HAS_MACRO = '__has';
// Optional entries and elements of literals (`{?k: v}`, `[?x]`) are not parsed by the base
// library: such a literal is rewritten without the `?` marks into a call of these macros,
// with the positions of the optional entries: `__optmap({k: v}, [0])`, `__optlist([x], [0])`.
export const OPTIONAL_MAP_MACRO = '__optmap';
export const OPTIONAL_LIST_MACRO = '__optlist';

interface OptionalLiteral {
  macro: string;
  close: number;
  entries: number[];
}

const VALUE_END = new Set([')', ']', '}']);

// Literals with optional entries, by the token index of their opening bracket, and the
// `?` tokens that mark those entries. One pass with a stack of open brackets.
function findOptionalLiterals(tokens: readonly Token[]): { literals: Map<number, OptionalLiteral>; marks: Set<number> } | null {
  let found: { literals: Map<number, OptionalLiteral>; marks: Set<number> } | null = null;
  const stack: { open: number; literal: string | null; entry: number; entries: number[] }[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.kind !== 'punct') continue;
    const p = t.text;
    if (p === '(' || p === '[' || p === '{') {
      const prev = tokens[i - 1];
      const afterValue =
        !!prev &&
        (prev.kind === 'ident' ||
          prev.kind === 'number' ||
          prev.kind === 'string' ||
          (prev.kind === 'punct' && VALUE_END.has(prev.text)));
      // `x[...]` indexes and `Name{...}` constructs; only bare brackets open literals.
      const literal = p === '[' && !afterValue ? OPTIONAL_LIST_MACRO : p === '{' && !afterValue ? OPTIONAL_MAP_MACRO : null;
      stack.push({ open: i, literal, entry: 0, entries: [] });
    } else if (p === ')' || p === ']' || p === '}') {
      const frame = stack.pop();
      if (frame && frame.literal && frame.entries.length > 0) {
        found ??= { literals: new Map(), marks: new Set() };
        found.literals.set(frame.open, { macro: frame.literal, close: i, entries: frame.entries });
      }
    } else if (p === ',') {
      const top = stack[stack.length - 1];
      if (top) top.entry++;
    } else if (p === '?') {
      const top = stack[stack.length - 1];
      const prev = tokens[i - 1];
      if (top?.literal && prev && prev.kind === 'punct' && (prev.text === ',' || i - 1 === top.open)) {
        top.entries.push(top.entry);
        found ??= { literals: new Map(), marks: new Set() };
        found.marks.add(i);
      }
    }
  }
  return found;
}

type Frame = 'construct' | 'other';

function isFieldStart(tokens: readonly Token[], i: number): boolean {
  const prev = tokens[i - 1];
  return !!prev && prev.kind === 'punct' && (prev.text === '{' || prev.text === ',');
}

// Returns the index of the `{` that closes a qualified name starting at i, or -1.
function constructionBrace(src: string, tokens: readonly Token[], i: number): number {
  const prev = tokens[i - 1];
  // `x in {...}` is membership in a map literal: `in` is an operator, never a type name.
  if (src.slice((tokens[i] as Token).start, (tokens[i] as Token).end) === 'in') return -1;
  if (prev && prev.kind === 'punct' && prev.text === '.') return -1;
  if (prev && (prev.kind === 'ident' || prev.kind === 'number' || prev.kind === 'string')) return -1;
  let j = i;
  if (tokens[j]?.kind !== 'ident') return -1;
  j++;
  while (tokens[j]?.text === '.' && tokens[j + 1]?.kind === 'ident') j += 2;
  return tokens[j]?.kind === 'punct' && tokens[j]?.text === '{' ? j : -1;
}

// Characters of the identifiers of a qualified name spanning tokens [from, to).
function identLength(tokens: readonly Token[], from: number, to: number): number {
  let n = 0;
  for (let j = from; j < to; j += 2) n += (tokens[j] as Token).end - (tokens[j] as Token).start;
  return n;
}

// A global `has(` call whose argument is not a selection chain rooted at a name.
function isGeneralHas(src: string, tokens: readonly Token[], i: number): boolean {
  const t = tokens[i] as Token;
  if (t.end - t.start !== 3 || src.slice(t.start, t.end) !== 'has' || tokens[i + 1]?.text !== '(') return false;
  const prev = tokens[i - 1];
  if (prev && prev.kind === 'punct' && prev.text === '.') return false;
  let j = i + 2;
  if (tokens[j]?.kind !== 'ident') return true;
  j++;
  while (tokens[j]?.text === '.' && tokens[j + 1]?.kind === 'ident') j += 2;
  return tokens[j]?.text !== ')';
}

/** Whether an expression may need the rewrite: a construction, or a `has()` of a non-name operand. */
export const MAY_REWRITE = /[\w\s]\{|\bhas\s*\([\w.\s]*[^\w.\s)]|[[{,]\s*\?/;

export interface ConstructRewrite {
  source: RewrittenSource | null;
  text: string;
  /** Qualified type names, by the index the rewritten `__new` calls pass. */
  types: string[];
  /** Positions of the optional fields (`?f: v`) of each construction, by the same index. */
  optionalFields: number[][];
}

// Words the base parser reads as literals or operators, or rejects as reserved identifiers, and
// the two member names that would reach JavaScript's prototype chain.
const NOT_AN_IDENTIFIER = new Set([...CEL_RESERVED_WORDS, '__proto__', 'prototype']);

const NO_TYPES: string[] = [];
const OPTIONAL_MARK = /[[{,]\s*\?/;

export function rewriteConstructions(src: string, tokens: readonly Token[], bareKeys = true): ConstructRewrite {
  // Created at the first construction: most expressions have none and are returned as is.
  let b: SourceMapBuilder | null = null;
  const types: string[] = [];
  const stack: Frame[] = [];
  // Open constructions: their type index and the position of the field being read.
  const constructs: { type: number; field: number }[] = [];
  const optionalFields: number[][] = [];
  let cursor = 0;
  const optionals = OPTIONAL_MARK.test(src) ? findOptionalLiterals(tokens) : null;
  const closers = new Map<number, string>();
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.kind === 'eof') break;
    if (optionals) {
      const lit = optionals.literals.get(i);
      if (lit) {
        b ??= new SourceMapBuilder();
        b.copy(src, cursor, t.start);
        b.insert(`${lit.macro}(`, t.start, t.end);
        cursor = t.start;
        closers.set(lit.close, `, [${lit.entries.join(', ')}])`);
      } else if (optionals.marks.has(i)) {
        b ??= new SourceMapBuilder();
        b.copy(src, cursor, t.start);
        cursor = t.end;
        continue;
      }
      const closer = closers.get(i);
      if (closer !== undefined && b) {
        b.copy(src, cursor, t.end);
        b.insert(closer, t.start, t.end);
        cursor = t.end;
      }
    }
    if (b && stack[stack.length - 1] === 'construct' && isFieldStart(tokens, i)) {
      const optional = t.text === '?' && tokens[i + 1]?.kind === 'ident';
      const name = optional ? (tokens[i + 1] as Token) : t;
      const frame = constructs[constructs.length - 1];
      if (frame && tokens[i - 1]?.text === ',') frame.field++;
      if (name.kind === 'ident' && tokens[optional ? i + 2 : i + 1]?.text === ':') {
        // `?field: opt` sets the field only when opt has a value: the mark is dropped
        // and the field's position recorded for the `__new` macro.
        if (optional && frame) {
          (optionalFields[frame.type] ??= []).push(frame.field);
          b.copy(src, cursor, t.start);
          cursor = t.end;
        }
        if (bareKeys && !NOT_AN_IDENTIFIER.has(src.slice(name.start, name.end))) {
          if (optional) i++;
          continue;
        }
        b.copy(src, cursor, name.start);
        b.insert('"', name.start, name.start);
        b.copy(src, name.start, name.end);
        b.insert('"', name.end, name.end);
        cursor = name.end;
        if (optional) i++;
        continue;
      }
    }
    if (t.kind === 'ident' && isGeneralHas(src, tokens, i)) {
      b ??= new SourceMapBuilder();
      b.copy(src, cursor, t.start);
      b.insert(HAS_MACRO, t.start, t.end);
      cursor = t.end;
      continue;
    }
    if (t.kind === 'ident') {
      const brace = constructionBrace(src, tokens, i);
      if (brace >= 0) {
        const nameEnd = (tokens[brace - 1] as Token).end;
        // One slice when the name is written without spaces or comments (its length is
        // then the sum of its tokens'), which is the usual spelling.
        let typeName = src.slice(t.start, nameEnd);
        if (nameEnd - t.start !== (brace - i + 1) / 2 - 1 + identLength(tokens, i, brace)) {
          typeName = '';
          for (let j = i; j < brace; j += 2)
            typeName += (j > i ? '.' : '') + src.slice((tokens[j] as Token).start, (tokens[j] as Token).end);
        }
        b ??= new SourceMapBuilder();
        b.copy(src, cursor, t.start);
        b.insert(`${CONSTRUCT_MACRO}(`, t.start, t.start);
        b.insert(String(types.length), t.start, nameEnd);
        types.push(typeName);
        b.insert(', ', nameEnd, nameEnd);
        const open = tokens[brace] as Token;
        b.copy(src, open.start, open.end);
        cursor = open.end;
        stack.push('construct');
        constructs.push({ type: types.length - 1, field: 0 });
        i = brace;
        continue;
      }
    }
    if (t.kind === 'punct') {
      const p = t.text;
      if (p === '(' || p === '[' || p === '{') stack.push('other');
      else if (p === ')' || p === ']' || p === '}') {
        const closed = stack.pop();
        if (closed === 'construct') constructs.pop();
        if (closed === 'construct' && b) {
          b.copy(src, cursor, t.end);
          b.insert(')', t.end, t.end);
          cursor = t.end;
        }
      }
    }
  }
  if (!b) return { source: null, text: src, types: NO_TYPES, optionalFields };
  b.copy(src, cursor, src.length);
  const source = b.build();
  return { source, text: source.text, types, optionalFields };
}
