// The value of a mutation's expression, shared by both patchers: evaluated, checked by the
// patcher's own result check, and converted from CEL. Constant mutations (see
// CompiledMutation.constantCost) are evaluated once per compiled mutation.
import { fromCel, type EvaluateOptions } from '@platlint/cel';
import type { CompiledMutation } from '../evaluate/compile.js';
import { celFailure, StageError } from '../evaluate/failures.js';
import { deepFreeze, type Json } from '../json.js';
import type { PatchRequest } from './patcher.js';

/** Checks an evaluated CEL value as the patch type's result, throwing a StageError otherwise. */
export type ResultCheck = (value: unknown) => unknown;

// Values of constant mutations, frozen: callers copy what they keep. These two tables are
// module-level on purpose, not per prepared state (dispatch/prepared-state.ts): they memoise a
// function of their key alone. A constant expression reads nothing of the activation (no
// object, request, params, namespace, variables or authorizer: CompiledMutation.constantCost),
// its result check is its patch type's and reads the value only, and a request whose cost limit
// is below the estimate is evaluated as usual (`cacheable`); so no request, state or thread can
// see another's data through them. The key is the compiled mutation, which lives as long as its
// policy object (evaluate/compile.ts keeps it in a WeakMap by policy): an entry goes with it,
// and a state that keeps the same policy object keeps the value, which a per-state table would
// evaluate again after every reload for nothing.
const constantValues = new WeakMap<CompiledMutation, Json | undefined>();
/** Constant mutations whose first evaluation did not pass under their estimate. */
const notConstant = new WeakSet<CompiledMutation>();

/** Whether `value` is the remembered value of a constant mutation (the same object every time). */
export function isConstantValue(m: CompiledMutation, value: Json | undefined): boolean {
  return m.constantCost !== undefined && constantValues.get(m) === value;
}

export function mutationValue(request: PatchRequest, check: ResultCheck): Json | undefined {
  const { mutation: m, activation, options } = request;
  // A cost limit below the estimate could fail the evaluation: then evaluate as usual.
  const cacheable =
    m.constantCost !== undefined && m.constantCost <= (options.costLimit ?? m.env.limits.runtimeCostLimit) && !notConstant.has(m);
  if (cacheable && constantValues.has(m)) return constantValues.get(m);
  try {
    if (cacheable) {
      const value = constantValue(m, m.constantCost as number, check, activation, options);
      if (value !== NOT_CONSTANT) return value;
    }
    return fromCel(check(m.program.evaluate(activation(), options))) ?? undefined;
  } catch (e) {
    // A failing variable already says which expression failed.
    if (e instanceof StageError) throw new StageError(e.kind, celFailure(m.expression, e), { cause: e });
    if (e instanceof Error && e.message.startsWith('variable "')) throw new StageError('expression', e.message, { cause: e });
    throw new StageError('expression', celFailure(m.expression, e), { cause: e });
  }
}

const NOT_CONSTANT = Symbol('not constant');

/**
 * The first evaluation of a constant mutation, under a cost limit of its estimate: passing
 * proves the actual cost is below the estimate, so no limit at or above it fails and no
 * deadline is checked, and the value may stand for every later evaluation. Otherwise (an
 * estimate below the actual cost) the caller evaluates as usual, every time.
 */
function constantValue(
  m: CompiledMutation,
  cost: number,
  check: ResultCheck,
  activation: () => Record<string, unknown>,
  options: EvaluateOptions,
): Json | undefined | typeof NOT_CONSTANT {
  let value: Json | undefined;
  try {
    value = fromCel(check(m.program.evaluate(activation(), { ...options, costLimit: cost }))) ?? undefined;
  } catch {
    // An error (a cost error under the reduced limit, or the expression's own) is raised
    // by the usual evaluation, with its usual message.
    notConstant.add(m);
    return NOT_CONSTANT;
  }
  constantValues.set(m, deepFreeze(value));
  return value;
}
