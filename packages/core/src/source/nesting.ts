import type { CST } from 'yaml';

/**
 * Everything after parsing (composing, converting, validating, the rules) walks a
 * document recursively, once per nesting level: a few kilobytes of `- - - - …` or `[[[[…`
 * would exhaust the stack. The parser itself is iterative, so its CST is measured here,
 * with an explicit stack, before anything recursive sees the document. Only real
 * collections count: brackets inside comments and quoted strings are not tokens.
 */
export const MAX_NESTING = 256;

export interface TooDeep {
  /** Offset of the first collection nested deeper than the limit. */
  offset: number;
  limit: number;
}

type Token = CST.Token;

/** The first place where collections nest deeper than `limit`, or undefined when none does. */
export function findTooDeep(doc: CST.Document, limit = MAX_NESTING): TooDeep | undefined {
  const stack: [Token, number][] = [];
  if (doc.value) stack.push([doc.value, 0]);
  let deepest: number | undefined;
  while (stack.length > 0) {
    const [token, outer] = stack.pop()!;
    if (token.type !== 'block-map' && token.type !== 'block-seq' && token.type !== 'flow-collection') continue;
    const depth = outer + 1;
    if (depth > limit) {
      // Several branches may cross the limit; report the one earliest in the text.
      if (deepest === undefined || token.offset < deepest) deepest = token.offset;
      continue;
    }
    for (const item of token.items) {
      if ('key' in item && item.key) stack.push([item.key, depth]);
      if (item.value) stack.push([item.value, depth]);
    }
  }
  return deepest === undefined ? undefined : { offset: deepest, limit };
}
