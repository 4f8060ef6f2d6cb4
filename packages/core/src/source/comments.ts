import type { CST } from 'yaml';

/** A YAML comment as the parser found it: `#` and the rest of its line. */
export interface Comment {
  offset: number;
  source: string;
}

/**
 * Every comment token of a parsed stream, in text order. Text that merely looks like a
 * comment inside a scalar (a quoted `# …`, a block scalar line starting with `#`) is part
 * of the scalar's token and is never returned. The walk uses an explicit stack: the CST
 * may be nested deeper than the limit that is only enforced afterwards.
 */
export function collectComments(tokens: readonly CST.Token[]): Comment[] {
  const found: Comment[] = [];
  const stack: unknown[] = [...tokens];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (const child of node) stack.push(child);
      continue;
    }
    if (!node || typeof node !== 'object') continue;
    const token = node as { type?: unknown; offset?: unknown; source?: unknown };
    if (token.type === 'comment' && typeof token.offset === 'number' && typeof token.source === 'string') {
      found.push({ offset: token.offset, source: token.source });
      continue;
    }
    // Only the fields that can hold tokens: a scalar's `source` is a string and not walked.
    for (const field of ['start', 'key', 'sep', 'value', 'end', 'items', 'props'] as const) {
      const child = (node as Record<string, unknown>)[field];
      if (child && typeof child === 'object') stack.push(child);
    }
  }
  return found.sort((a, b) => a.offset - b.offset);
}
