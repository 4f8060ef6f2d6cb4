import type { CST } from 'yaml';

/**
 * Everything after parsing (composing, converting, validating, the rules) walks a
 * document recursively, once per nesting level: a few kilobytes of `- - - - …` or `[[[[…`
 * would exhaust the stack. The parser itself is iterative, so its CST is measured here,
 * with an explicit stack, before anything recursive sees the document. Only real
 * collections count: brackets inside comments and quoted strings are not tokens.
 */
export const MAX_NESTING = 256;

/**
 * The deepest JSON the platform's API server decodes: 10,000 levels of objects and arrays,
 * the top level counting as one (k8s.io/apimachinery pkg/util/json, whose Unmarshal goes
 * through sigs.k8s.io/json's copy of encoding/json: scanner.go maxNestingDepth, "exceeded max
 * depth"; json-iterator's incrementDepth has the same limit). Nothing deeper ever reaches a
 * webhook from it.
 */
export const API_SERVER_MAX_NESTING = 10_000;

export interface TooDeep {
  /** Offset of the first collection nested deeper than the limit. */
  offset: number;
  limit: number;
}

type Token = CST.Token;

/** The first place where collections nest deeper than `limit`, or undefined when none does. */
export function findTooDeep(doc: CST.Document, limit = MAX_NESTING): TooDeep | undefined {
  // Two parallel stacks rather than a pair per token: this walk sees every token of every
  // file, and small arrays per token were a noticeable share of a run's garbage.
  const tokens: Token[] = [];
  const depths: number[] = [];
  if (doc.value) {
    tokens.push(doc.value);
    depths.push(0);
  }
  let deepest: number | undefined;
  while (tokens.length > 0) {
    const token = tokens.pop() as Token;
    const outer = depths.pop() as number;
    if (token.type !== 'block-map' && token.type !== 'block-seq' && token.type !== 'flow-collection') continue;
    const depth = outer + 1;
    if (depth > limit) {
      // Several branches may cross the limit; report the one earliest in the text.
      if (deepest === undefined || token.offset < deepest) deepest = token.offset;
      continue;
    }
    for (const item of token.items) {
      if ('key' in item && item.key && isCollection(item.key)) {
        tokens.push(item.key);
        depths.push(depth);
      }
      if (item.value && isCollection(item.value)) {
        tokens.push(item.value);
        depths.push(depth);
      }
    }
  }
  return deepest === undefined ? undefined : { offset: deepest, limit };
}

function isCollection(token: Token): boolean {
  return token.type === 'block-map' || token.type === 'block-seq' || token.type === 'flow-collection';
}
