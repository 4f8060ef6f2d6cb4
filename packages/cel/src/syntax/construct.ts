// The base library has no message-construction syntax (`Object.spec{replicas: 1}`).
// We rewrite each construction into a call of the `__new` macro, which the environment
// type-checks against the schema: `__new("Object.spec", {"replicas": 1})`.
import { SourceMapBuilder, type RewrittenSource } from '../position.js';
import type { Token } from './lexer.js';

export const CONSTRUCT_MACRO = '__new';

type Frame = 'construct' | 'other';

function isFieldStart(tokens: readonly Token[], i: number): boolean {
  const prev = tokens[i - 1];
  return !!prev && prev.kind === 'punct' && (prev.text === '{' || prev.text === ',');
}

// Returns the index of the `{` that closes a qualified name starting at i, or -1.
function constructionBrace(tokens: readonly Token[], i: number): number {
  const prev = tokens[i - 1];
  if (prev && prev.kind === 'punct' && prev.text === '.') return -1;
  if (prev && (prev.kind === 'ident' || prev.kind === 'number' || prev.kind === 'string')) return -1;
  let j = i;
  if (tokens[j]?.kind !== 'ident') return -1;
  j++;
  while (tokens[j]?.text === '.' && tokens[j + 1]?.kind === 'ident') j += 2;
  return tokens[j]?.kind === 'punct' && tokens[j]?.text === '{' ? j : -1;
}

export interface ConstructRewrite {
  source: RewrittenSource | null;
  text: string;
}

export function rewriteConstructions(src: string, tokens: readonly Token[]): ConstructRewrite {
  // Created at the first construction: most expressions have none and are returned as is.
  let b: SourceMapBuilder | null = null;
  const stack: Frame[] = [];
  let cursor = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.kind === 'eof') break;
    if (b && stack[stack.length - 1] === 'construct' && isFieldStart(tokens, i)) {
      const optional = t.text === '?' && tokens[i + 1]?.kind === 'ident';
      const name = optional ? (tokens[i + 1] as Token) : t;
      if (name.kind === 'ident' && tokens[optional ? i + 2 : i + 1]?.text === ':') {
        b.copy(src, cursor, t.start);
        if (optional) b.copy(src, t.start, t.end);
        b.insert('"', name.start, name.start);
        b.copy(src, name.start, name.end);
        b.insert('"', name.end, name.end);
        cursor = name.end;
        if (optional) i++;
        continue;
      }
    }
    if (t.kind === 'ident') {
      const brace = constructionBrace(tokens, i);
      if (brace >= 0) {
        let typeName = '';
        for (let j = i; j < brace; j++) {
          const part = tokens[j] as Token;
          typeName += part.kind === 'ident' ? src.slice(part.start, part.end) : part.text;
        }
        const nameEnd = (tokens[brace - 1] as Token).end;
        b ??= new SourceMapBuilder();
        b.copy(src, cursor, t.start);
        b.insert(`${CONSTRUCT_MACRO}("`, t.start, t.start);
        b.insert(typeName, t.start, nameEnd);
        b.insert('", ', nameEnd, nameEnd);
        const open = tokens[brace] as Token;
        b.copy(src, open.start, open.end);
        cursor = open.end;
        stack.push('construct');
        i = brace;
        continue;
      }
    }
    if (t.kind === 'punct') {
      const p = t.text;
      if (p === '(' || p === '[' || p === '{') stack.push('other');
      else if (p === ')' || p === ']' || p === '}') {
        const closed = stack.pop();
        if (closed === 'construct' && b) {
          b.copy(src, cursor, t.end);
          b.insert(')', t.end, t.end);
          cursor = t.end;
        }
      }
    }
  }
  if (!b) return { source: null, text: src };
  b.copy(src, cursor, src.length);
  const source = b.build();
  return { source, text: source.text };
}
