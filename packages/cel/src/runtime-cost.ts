// Run-time cost of the operators the base library evaluates itself. Library functions we
// own charge the budget as they run (budget.ts); operators do not pass through our code, so
// after type-checking, the handler the checker chose for each operator node is wrapped with
// one that charges first. As the platform counts: one unit per operator call and field
// selection, and a tenth of a unit per element or character that a concatenation or a
// comparison has to walk. Charged before the work, so a concatenation over budget fails
// before it allocates its result.
import type { ASTNode } from '@marcbachmann/cel-js';
import { charge } from './budget.js';
import { wrapOperators } from './operator-handlers.js';

/** Units per element or character walked (the platform's traversal factor). */
const TRAVERSAL_FACTOR = 0.1;

const CONCAT = new Set(['+']);
const COMPARE = new Set(['==', '!=', '<', '<=', '>', '>=']);
const SELECT = new Set(['.', '.?', '[]', '[?]']);

/** Elements or characters a value holds, where knowing it costs nothing. */
function sizeOf(value: unknown): number {
  if (typeof value === 'string' || Array.isArray(value) || value instanceof Uint8Array) return value.length;
  // Only the plain collections: schema-typed objects subclass Map with lookups of their own.
  if (value !== null && typeof value === 'object' && (value.constructor === Map || value.constructor === Set))
    return (value as Map<unknown, unknown>).size;
  return 0;
}

const traversal = (n: number): number => Math.ceil(n * TRAVERSAL_FACTOR);

function concatCost(left: unknown, right: unknown): number {
  return 1 + traversal(sizeOf(left) + sizeOf(right));
}

/** Membership walks the list (a map lookup does not). */
function membershipCost(_element: unknown, collection: unknown): number {
  return 1 + (Array.isArray(collection) ? traversal(collection.length) : 0);
}

function compareCost(left: unknown, right: unknown): number {
  return 1 + traversal(Math.min(sizeOf(left), sizeOf(right)));
}

const wrapped = new WeakSet<object>();

function costOf(op: string): ((left: unknown, right: unknown) => number) | undefined {
  if (CONCAT.has(op)) return concatCost;
  if (COMPARE.has(op)) return compareCost;
  if (op === 'in') return membershipCost;
  if (SELECT.has(op)) return () => 1;
  return undefined;
}

/**
 * Wraps the handlers of a checked AST's operator nodes so that they charge the active
 * budget. Call once per checked AST; a node already wrapped is left alone.
 */
export function chargeOperators(root: ASTNode): void {
  wrapOperators(root, wrapped, (op, inner) => {
    const cost = costOf(op);
    return cost
      ? (left, right, ast, ev) => {
          charge(cost(left, right));
          return inner(left, right, ast, ev);
        }
      : undefined;
  });
}
