import type { CST } from 'yaml';
import { forEachToken } from './cst-walk.js';

/** A YAML comment as the parser found it: `#` and the rest of its line. */
export interface Comment {
  offset: number;
  source: string;
}

/**
 * Every comment token of a parsed stream, in text order. Text that merely looks like a
 * comment inside a scalar (a quoted `# …`, a block scalar line starting with `#`) is part
 * of the scalar's token and is never returned.
 */
export function collectComments(tokens: readonly CST.Token[]): Comment[] {
  const found: Comment[] = [];
  forEachToken(tokens, (token) => {
    if (token.type === 'comment' && typeof token.offset === 'number' && typeof token.source === 'string')
      found.push({ offset: token.offset, source: token.source });
  });
  return found.sort((a, b) => a.offset - b.offset);
}
