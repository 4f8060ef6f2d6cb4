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
import { wrapOperators } from './operator-handlers.js';

const wrapped = new WeakSet<object>();

const isNumber = (v: unknown): boolean => typeof v === 'bigint' || typeof v === 'number' || v instanceof UnsignedInt;

/** A numeric element's membership, or undefined when the base library's answer is right. */
function numericMembership(element: unknown, collection: unknown): boolean | undefined {
  if (!isNumber(element)) return undefined;
  if (Array.isArray(collection)) return collection.some((x) => celEquals(element, x));
  if (collection instanceof Map) return [...collection.keys()].some((k) => celEquals(element, k));
  // A record-held map literal keeps its written keys aside (values.ts); a JSON object's keys are strings.
  if (collection !== null && typeof collection === 'object')
    return Object.keys(collection).some((k) => celEquals(element, writtenKey(collection, k)));
  return undefined;
}

/** Wraps the handler of every `in` node of a checked AST (once per node). */
export function crossNumericMembership(root: ASTNode): void {
  wrapOperators(root, wrapped, (op, inner) =>
    op === 'in' ? (left, right, ast, ev) => numericMembership(left, right) ?? inner(left, right, ast, ev) : undefined,
  );
}
