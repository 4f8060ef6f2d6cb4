import type { CST } from 'yaml';

/** The fields of a CST token that can hold other tokens (a scalar's `source` is a string). */
const TOKEN_FIELDS = ['start', 'key', 'sep', 'value', 'end', 'items', 'props'] as const;

/** What a walk sees of a token: its kind, where it starts, its text when it has one. */
export interface TokenLike {
  type?: unknown;
  offset?: unknown;
  source?: unknown;
}

/**
 * Calls `visit` on every token of the trees, in no particular order. The walk uses an explicit
 * stack: a tree may be nested deeper than the limit that is only enforced afterwards.
 */
export function forEachToken(trees: readonly CST.Token[], visit: (token: TokenLike) => void): void {
  const stack: unknown[] = [...trees];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (const child of node) stack.push(child);
      continue;
    }
    if (!node || typeof node !== 'object') continue;
    visit(node as TokenLike);
    for (const field of TOKEN_FIELDS) {
      const child = (node as Record<string, unknown>)[field];
      if (child && typeof child === 'object') stack.push(child);
    }
  }
}
