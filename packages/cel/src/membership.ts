// `x in list` and `x in map` with numbers of different types, as cel-go evaluates them: CEL
// equality across int, uint and double (cel-go common/types: Int.Equal, Uint.Equal,
// Double.Equal compare numerically; baseMap.Contains finds a numeric key of another type).
// The base library compares a uint with a number as unequal, so after type-checking the
// handler of each `in` node is wrapped: a number on the left is looked up numerically, and
// anything else goes to the base library's handler.
import type { ASTNode } from '@marcbachmann/cel-js';
import { UnsignedInt } from '@marcbachmann/cel-js/evaluator';
import { celEquals } from './lib/compare.js';
import { writtenKey } from './values.js';

type Handle = (left: unknown, right: unknown, ast: unknown, ev: unknown) => unknown;
interface Handled {
  op: string;
  args: unknown;
  handle?: Handle;
}

const wrapped = new WeakSet<object>();

const isNumber = (v: unknown): boolean => typeof v === 'bigint' || typeof v === 'number' || v instanceof UnsignedInt;

/** A numeric element's membership, or undefined when the base library's answer is right. */
function numericMembership(element: unknown, collection: unknown): boolean | undefined {
  if (!isNumber(element)) return undefined;
  if (Array.isArray(collection)) return collection.some((x) => celEquals(element, x));
  if (collection instanceof Map) return [...collection.keys()].some((k) => celEquals(element, k));
  // A record-held map literal keeps its written keys aside (values.ts); a JSON object's keys are strings.
  if (collection !== null && typeof collection === 'object') return Object.keys(collection).some((k) => celEquals(element, writtenKey(collection, k)));
  return undefined;
}

/** Wraps the handler of every `in` node of a checked AST (once per node). */
export function crossNumericMembership(root: ASTNode): void {
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
    if (n.op !== 'in' || typeof inner !== 'function' || wrapped.has(n)) continue;
    wrapped.add(n);
    n.handle = (left, right, ast, ev) => numericMembership(left, right) ?? inner(left, right, ast, ev);
  }
}
