// Repairs of the base library's parse tree before type-checking, where its checker types
// an expression differently from CEL.
import type { ASTNode } from '@marcbachmann/cel-js';

/** Text test: the expression may add something to an empty list literal. */
export const MAY_CONCAT_EMPTY_LIST = /\[\s*\]\s*\+/;

// `[] + typed` is typed `list<T>` by the base checker (the empty literal's placeholder
// binds first and is never resolved), so `[] + [JSONPatch{...}]` loses its element type
// and indexing it fails to type-check. `x + []` is typed correctly and gives the same
// value, so the operands are swapped.
export function fixEmptyListConcatenation(root: ASTNode): void {
  const stack: unknown[] = [root];
  while (stack.length) {
    const n = stack.pop();
    if (Array.isArray(n)) {
      for (const c of n) stack.push(c);
      continue;
    }
    if (!n || typeof n !== 'object' || !('op' in n)) continue;
    const node = n as ASTNode & { args: unknown };
    if (node.op === '+' && Array.isArray(node.args)) {
      const [left, right] = node.args as [ASTNode, ASTNode];
      if (left.op === 'list' && Array.isArray(left.args) && left.args.length === 0) node.args = [right, left] as never;
    }
    if (node.args && typeof node.args === 'object') stack.push(node.args);
  }
}
