// The operators of a checked AST carry the handler the checker chose for them. Where the
// platform's CEL differs from the base library's evaluation (run-time cost, numeric
// membership), the handler is wrapped after type-checking; this walks the tree and wraps each
// operator node once per concern.
import type { ASTNode } from '@marcbachmann/cel-js';

export type OperatorHandle = (left: unknown, right: unknown, ast: unknown, ev: unknown) => unknown;

interface Handled {
  op: string;
  args: unknown;
  handle?: OperatorHandle;
}

/**
 * Replaces the handler of each operator node for which `wrap` gives one (given the node's
 * operator and its handler). `done` remembers the nodes already wrapped for this concern, so
 * that a tree checked again is not wrapped twice.
 */
export function wrapOperators(
  root: ASTNode,
  done: WeakSet<object>,
  wrap: (op: string, inner: OperatorHandle) => OperatorHandle | undefined,
): void {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (const child of node) stack.push(child);
      continue;
    }
    if (!node || typeof node !== 'object' || !('op' in node)) continue;
    const n = node as Handled;
    if (n.args && typeof n.args === 'object') stack.push(n.args);
    const inner = n.handle;
    if (typeof inner !== 'function' || done.has(n)) continue;
    const handle = wrap(n.op, inner);
    if (!handle) continue;
    done.add(n);
    n.handle = handle;
  }
}
