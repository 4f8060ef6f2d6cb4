// One invocation: a (policy, binding, param) triple run against the current object. Match
// conditions first (any false skips, errors follow failurePolicy), then the mutations in
// order, each seeing the object the previous one produced. Variables are evaluated lazily
// and cached for the invocation, as upstream's composition context does.
import { celTypeOf, fromCel, LazyVariables, lazyToCel, type EvaluateOptions } from '@platlint/cel';
import type { SchemaNode } from '@platlint/core';
import { deepFreeze, isObject, shallowCopy, type Json, type JsonObject } from '../json.js';
import { ApplyConfigurationError, mergeApplyConfiguration } from '../merge/apply-configuration.js';
import { applyJsonPatch, JsonPatchError, JsonPatchTestFailed, type JsonPatchOperation } from '../merge/json-patch.js';
import { newMistypedFields, newUnknownFields } from '../merge/strict-decode.js';
import type { CompiledExpression, CompiledMutation, CompiledPolicy } from './compile.js';
import { celFailure, noSchemaFailure, StageError, StatusFailure, type FailureKind } from './failures.js';

export interface InvocationInput {
  compiled: CompiledPolicy;
  failurePolicy: 'Fail' | 'Ignore';
  object: Json | undefined;
  oldObject: Json | undefined;
  /** The CEL `request` (matched kind and resource, the request's own in request*). */
  request: JsonObject;
  params: JsonObject | null;
  hasParams: boolean;
  namespaceObject: JsonObject | null;
  /** The kind the policy sees the object as (the matched kind). */
  kind: { group: string; version: string; kind: string };
  /** The kind's schema, which merges and patches follow; undefined when none is known, and then a mutation is refused. */
  schema: SchemaNode | undefined;
  /** Built-in kinds decode strictly after a JSON patch. */
  strict: boolean;
  /** The authorizer, cost limit and deadline of every evaluation: one object per admission. */
  evaluate: EvaluateOptions;
  /** Evaluate the match conditions only (an invocation the second pass does not re-run). */
  conditionsOnly?: boolean;
}

export interface InvocationResult {
  /** False when a match condition was false (or errored under Ignore): nothing ran. */
  matched: boolean;
  object: Json | undefined;
  /** Causes of this invocation's failures, in order, with their kind. */
  errors: { kind: FailureKind; cause: string; reason: 'Invalid' | 'Forbidden' }[];
  /** Mutations that completed (whether or not they changed anything). */
  applied: number;
}

export function runInvocation(input: InvocationInput): InvocationResult {
  const options = input.evaluate;

  // The activation the expressions see, built when the first expression runs: constant
  // mutations and invocations without match conditions never need one. `object` moves on
  // with each mutation. The dynamic variables are converted to CEL member by member as
  // expressions read them, and shared by every expression of the invocation; so are the
  // request, the namespace and the authorizer that the first `prepare` converts (`prepare`
  // passes converted values through as they are).
  let object = input.object;
  let current: Record<string, unknown> | undefined;
  /** The JSON `current.object` was converted from. */
  let convertedFrom: Json | undefined;
  const activate = (e: CompiledExpression | CompiledMutation, variables?: LazyVariables): Record<string, unknown> => {
    if (current === undefined) {
      const raw: Record<string, unknown> = {
        object: lazyToCel(object ?? null),
        oldObject: lazyToCel(input.oldObject ?? null),
        request: input.request,
        namespaceObject: input.namespaceObject,
      };
      if (input.hasParams) raw.params = lazyToCel(input.params);
      convertedFrom = object;
      // prepare returns a fresh object: it becomes the invocation's base, and a copy gets the variables.
      current = e.env.prepare(raw, options);
      if (!variables) return current;
      const withVariables = shallowCopy(current);
      withVariables.variables = variables;
      return withVariables;
    }
    if (object !== convertedFrom) {
      current.object = lazyToCel(object ?? null);
      convertedFrom = object;
    }
    const prepared = e.env.prepare(current, options);
    if (variables) prepared.variables = variables;
    return prepared;
  };

  const gate = input.compiled.matchConditions.length === 0 ? MATCHES : matchConditions(input.compiled.matchConditions, (c) => c.program.evaluate(activate(c), options));
  // An error follows the failure policy in the caller, which records Ignore as ignored.
  if (gate.error !== undefined) return { matched: false, object: input.object, errors: [{ kind: 'match-condition', cause: gate.error, reason: 'Forbidden' }], applied: 0 };
  if (!gate.matches || input.conditionsOnly) return { matched: false, object: input.object, errors: [], applied: 0 };

  const variables = input.compiled.variables.length === 0 ? NO_VARIABLES : lazyVariables(input.compiled.variables, activate, options);

  const errors: InvocationResult['errors'] = [];
  let applied = 0;
  for (const m of input.compiled.mutations) {
    // Nothing to mutate (a CONNECT without options, say).
    if (object === undefined || object === null) continue;
    // Looked for once there is an object to mutate, after the match conditions: as upstream's
    // dispatchOne looks for the kind's type converter before running a mutation.
    if (!input.schema) throw noSchemaFailure(input.kind);
    const from: Json = object;
    try {
      object = runMutation(m, () => activate(m, variables), options, from, input.schema, input.strict);
      applied++;
    } catch (e) {
      if (e instanceof StatusFailure) throw e;
      errors.push({ kind: e instanceof StageError ? e.kind : 'expression', cause: e instanceof Error ? e.message : String(e), reason: 'Invalid' });
    }
  }
  return { matched: true, object, errors, applied };
}

const MATCHES: { matches: boolean; error?: string } = Object.freeze({ matches: true });

/**
 * Mutations of a policy without variables still see `variables`, empty: one instance holds
 * nothing to share. Its thunks inherit nothing, so no name (`constructor`, say) finds one.
 */
const NO_VARIABLES = new LazyVariables(Object.create(null) as Record<string, () => unknown>);

/** The policy's variables over one invocation's activation, each evaluated when first read and kept. */
function lazyVariables(compiled: readonly CompiledExpression[], activate: (e: CompiledExpression, variables: LazyVariables) => Record<string, unknown>, options: EvaluateOptions): LazyVariables {
  const thunks = Object.create(null) as Record<string, () => unknown>;
  const variables = new LazyVariables(thunks);
  for (const v of compiled) {
    thunks[v.name] = () => {
      try {
        return v.program.evaluate(activate(v, variables), options);
      } catch (e) {
        throw new Error(`variable "${v.name}": ${celFailure(v.expression, e)}`, { cause: e });
      }
    };
  }
  return variables;
}

function matchConditions(conditions: readonly CompiledExpression[], evaluate: (c: CompiledExpression) => unknown): { matches: boolean; error?: string } {
  const errors: string[] = [];
  for (const c of conditions) {
    let value: unknown;
    try {
      value = evaluate(c);
    } catch (e) {
      errors.push(`matchCondition '${c.name}': ${celFailure(c.expression, e)}`);
      continue;
    }
    if (value === false) return { matches: false };
    if (value !== true) errors.push(`matchCondition '${c.name}': expression '${c.expression}' must evaluate to bool`);
  }
  if (errors.length > 0) return { matches: false, error: errors.join('; ') };
  return { matches: true };
}

// Values of constant mutations (see CompiledMutation.constantCost), frozen: callers copy
// what they keep. Keyed by the compiled mutation, which a state reload replaces.
const constantValues = new WeakMap<CompiledMutation, Json | undefined>();
/** Constant mutations whose first evaluation did not pass under their estimate. */
const notConstant = new WeakSet<CompiledMutation>();

function evaluateMutation(m: CompiledMutation, activation: () => Record<string, unknown>, options: EvaluateOptions): Json | undefined {
  // A cost limit below the estimate could fail the evaluation: then evaluate as usual.
  const cacheable = m.constantCost !== undefined && m.constantCost <= (options.costLimit ?? m.env.limits.runtimeCostLimit) && !notConstant.has(m);
  if (cacheable && constantValues.has(m)) return constantValues.get(m);
  try {
    if (cacheable) {
      const value = constantValue(m, m.constantCost as number, activation, options);
      if (value !== NOT_CONSTANT) return value;
    }
    return fromCel(checkedResult(m, m.program.evaluate(activation(), options))) ?? undefined;
  } catch (e) {
    // A failing variable already says which expression failed.
    if (e instanceof StageError) throw new StageError(e.kind, celFailure(m.expression, e), { cause: e });
    if (e instanceof Error && e.message.startsWith('variable "')) throw new StageError('expression', e.message, { cause: e });
    throw new StageError('expression', celFailure(m.expression, e), { cause: e });
  }
}

/**
 * Upstream checks the result type at run time, as the expressions compile with dynamic types:
 * an apply configuration must be a constructed `Object{...}` (a map read from `object` is
 * not), a JSON patch a list of `JSONPatch{...}` values.
 */
function checkedResult(m: CompiledMutation, value: unknown): unknown {
  if (m.patchType === 'ApplyConfiguration') {
    const type = celTypeOf(value);
    if (type !== 'Object') throw new StageError('result-type', `an apply configuration must evaluate to Object, got ${type}`);
    checkTypeNames(value, 'Object');
    return value;
  }
  if (!Array.isArray(value)) throw new StageError('result-type', `a JSON patch must evaluate to list(JSONPatch), got ${celTypeOf(value)}`);
  value.forEach((item, i) => {
    const type = celTypeOf(item);
    if (type !== 'JSONPatch') throw new StageError('result-type', `a JSON patch must evaluate to list(JSONPatch), got ${type} at index ${i}`);
    // A value built as `Object.<path>{...}` is checked below its own name, as upstream does;
    // the name itself is not held against the patch's path, nor are objects inside a list.
    const patchValue = item instanceof Map ? (item as Map<string, unknown>).get('value') : undefined;
    const valueType = patchValue === undefined ? '' : celTypeOf(patchValue);
    if (valueType.startsWith('Object')) checkTypeNames(patchValue, valueType);
  });
  return value;
}

/**
 * Every `Object.<path>` construction must sit where its name says: a field's value is named
 * by the field path from the root, list items and map values by the list's or map's path.
 * Upstream checks this when it evaluates; the compiler accepted any name.
 */
function checkTypeNames(value: unknown, expected: string): void {
  if (Array.isArray(value)) {
    for (const item of value) checkTypeNames(item, expected);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const type = celTypeOf(value);
  if (type.startsWith('Object')) {
    if (type !== expected) throw new StageError('result-type', `type mismatch: unexpected type name "${type}", expected "${expected}", the type named by its field path from the root Object`);
    for (const [field, v] of value as Map<string, unknown>) checkTypeNames(v, `${expected}.${field}`);
    return;
  }
  // A map literal: its values are named by the map's own path.
  const entries = value instanceof Map ? [...value.values()] : Object.values(value);
  for (const v of entries) checkTypeNames(v, expected);
}

const NOT_CONSTANT = Symbol('not constant');

/**
 * The first evaluation of a constant mutation, under a cost limit of its estimate: passing
 * proves the actual cost is below the estimate, so no limit at or above it fails and no
 * deadline is checked, and the value may stand for every later evaluation. Otherwise (an
 * estimate below the actual cost) the caller evaluates as usual, every time.
 */
function constantValue(m: CompiledMutation, cost: number, activation: () => Record<string, unknown>, options: EvaluateOptions): Json | undefined | typeof NOT_CONSTANT {
  let value: Json | undefined;
  try {
    value = fromCel(checkedResult(m, m.program.evaluate(activation(), { ...options, costLimit: cost }))) ?? undefined;
  } catch {
    // An error (a cost error under the reduced limit, or the expression's own) is raised
    // by the usual evaluation, with its usual message.
    notConstant.add(m);
    return NOT_CONSTANT;
  }
  constantValues.set(m, deepFreeze(value));
  return value;
}

function runMutation(m: CompiledMutation, activation: () => Record<string, unknown>, options: EvaluateOptions, object: Json, schema: SchemaNode, strict: boolean): Json {
  const result = evaluateMutation(m, activation, options);
  if (m.patchType === 'ApplyConfiguration') {
    if (!isObject(result)) throw new StageError('result-type', `apply configuration must evaluate to Object, got ${Array.isArray(result) ? 'a list' : typeof result}`);
    // The configuration is of the object's own kind.
    const config: JsonObject = shallowCopy(result);
    if (isObject(object)) {
      if (object.apiVersion !== undefined) config.apiVersion = object.apiVersion;
      if (object.kind !== undefined) config.kind = object.kind;
    }
    try {
      // A constant mutation's value is the same object every time: its checks are remembered.
      return mergeApplyConfiguration(object, config, schema, m.constantCost !== undefined && constantValues.get(m) === result ? result : undefined);
    } catch (e) {
      if (e instanceof ApplyConfigurationError) throw new StageError('merge', e.message, { cause: e });
      throw e;
    }
  }
  const operations = toOperations(result);
  let patched: Json;
  try {
    patched = applyJsonPatch(object, operations);
  } catch (e) {
    // A failed test drops this mutation's whole patch; it is not an error.
    if (e instanceof JsonPatchTestFailed) return object;
    if (e instanceof JsonPatchError) throw new StageError('patch', `JSON Patch: ${e.message}`, { cause: e });
    throw e;
  }
  if (strict && patched !== object) {
    // A value of the wrong type stops the decoder before strictness is looked at.
    const mistyped = newMistypedFields(object, patched, schema);
    if (mistyped.length > 0) throw new StatusFailure(`decoding error: ${mistyped.join(', ')}`, 500, 'InternalError', 'patch');
    const unknown = newUnknownFields(object, patched, schema);
    if (unknown.length > 0) throw new StatusFailure(`strict decoding error: ${unknown.map((f) => `unknown field "${f}"`).join(', ')}`, 500, 'InternalError', 'patch');
  }
  return patched;
}

function toOperations(result: Json | undefined): JsonPatchOperation[] {
  if (!Array.isArray(result)) throw new StageError('result-type', 'JSON patch expression must evaluate to a list of JSONPatch');
  return result.map((item, i) => {
    if (!isObject(item) || typeof item.op !== 'string' || typeof item.path !== 'string') throw new StageError('patch', `JSON Patch: operation ${i} needs op and path`);
    const op: JsonPatchOperation = { op: item.op, path: item.path };
    // `from` only when non-empty and `value` only when set, as upstream builds the patch.
    if (typeof item.from === 'string' && item.from !== '') op.from = item.from;
    if (item.value !== undefined) op.value = item.value;
    return op;
  });
}
