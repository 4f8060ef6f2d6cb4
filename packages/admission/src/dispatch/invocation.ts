// One invocation: a (policy, binding, param) triple run against the current object. Match
// conditions first (any false skips, errors follow failurePolicy), then the mutations in
// order, each seeing the object the previous one produced (each applied by its patch type's
// Patcher, patch/patcher.ts). Variables are evaluated lazily and cached for the invocation,
// as upstream's composition context does. Upstream runs this inside its dispatcher too
// (mutating/dispatcher.go: the loop body of dispatchInvocations, and dispatchOne calling Patcher.Patch).
import { LazyVariables, lazyToCel, type EvaluateOptions } from '@platlint/cel';
import type { SchemaNode } from '@platlint/core';
import { shallowCopy, type Json, type JsonObject } from '../json.js';
import { patcherFor } from '../patch/patcher.js';
import type { CompiledExpression, CompiledMutation, CompiledPolicy } from '../evaluate/compile.js';
import { celFailure, noSchemaFailure, StageError, StatusFailure, type FailureKind } from '../evaluate/failures.js';

export interface InvocationInput {
  compiled: CompiledPolicy;
  failurePolicy: 'Fail' | 'Ignore';
  object: Json | undefined;
  /** A bound on the size as JSON of one object (the request's), which the mutations may be given: see applyJsonPatch. */
  sized: SizedObject | undefined;
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

/** An object and a bound on its size as JSON (jsonBytes). */
export interface SizedObject {
  object: Json;
  bytesAtMost: number;
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
      // Copied member by member, not spread: a spread copy that then gains a member makes every
      // later walk over its keys rebuild them (V8), on each request (json.ts shallowCopy).
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

  const gate =
    input.compiled.matchConditions.length === 0
      ? MATCHES
      : matchConditions(input.compiled.matchConditions, (c) => c.program.evaluate(activate(c), options));
  // An error follows the failure policy in the caller, which records Ignore as ignored.
  if (gate.error !== undefined)
    return {
      matched: false,
      object: input.object,
      errors: [{ kind: 'match-condition', cause: gate.error, reason: 'Forbidden' }],
      applied: 0,
    };
  if (!gate.matches || input.conditionsOnly) return { matched: false, object: input.object, errors: [], applied: 0 };

  const variables =
    input.compiled.variables.length === 0 ? NO_VARIABLES : lazyVariables(input.compiled.variables, activate, options);

  const errors: InvocationResult['errors'] = [];
  let applied = 0;
  for (const m of input.compiled.mutations) {
    // Nothing to mutate (a CONNECT without options, say).
    if (object === undefined || object === null) continue;
    // Looked for once there is an object to mutate, after the match conditions: as upstream's
    // dispatchOne looks for the kind's type converter before running a mutation.
    if (!input.schema) throw noSchemaFailure(input.kind);
    try {
      object = patcherFor(m).patch({
        mutation: m,
        object,
        // Known for the object it was measured for only: a mutation's result is another.
        objectBytesAtMost: input.sized?.object === object ? input.sized.bytesAtMost : undefined,
        activation: () => activate(m, variables),
        options,
        schema: input.schema,
        strict: input.strict,
      });
      applied++;
    } catch (e) {
      if (e instanceof StatusFailure) throw e;
      errors.push({
        kind: e instanceof StageError ? e.kind : 'expression',
        cause: e instanceof Error ? e.message : String(e),
        reason: 'Invalid',
      });
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
function lazyVariables(
  compiled: readonly CompiledExpression[],
  activate: (e: CompiledExpression, variables: LazyVariables) => Record<string, unknown>,
  options: EvaluateOptions,
): LazyVariables {
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

function matchConditions(
  conditions: readonly CompiledExpression[],
  evaluate: (c: CompiledExpression) => unknown,
): { matches: boolean; error?: string } {
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
