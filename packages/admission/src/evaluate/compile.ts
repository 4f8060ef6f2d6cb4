// Compiling a policy's expressions as upstream compiles them at admission time: `object`,
// `oldObject` and `params` are dynamic and every `Object.<path>` type name resolves, so an
// expression the linter's schema check dislikes (admission/cel-schema) still runs. Its errors
// surface where upstream raises them: a field the schema lacks when the apply configuration is
// merged, a wrong result type when the value is checked after evaluation (invocation.ts), a
// JSON patch when the patched object is decoded. Results are cached per policy object.
// The environment of each expression is the one the schema tree names for its field.
import { celEnvironmentFor, type CelEnvironment, type CelProgram } from '@platlint/cel';
import { catalog, celPlaceAt, formatPath } from '@platlint/core';
import type { CelPlace, FieldPath, KindInfo } from '@platlint/core';
import type { Policy } from '../state/policy-types.js';

export interface CompiledExpression {
  name: string;
  expression: string;
  program: CelProgram;
  env: CelEnvironment;
}

export interface CompiledMutation {
  patchType: 'ApplyConfiguration' | 'JSONPatch';
  expression: string;
  program: CelProgram;
  env: CelEnvironment;
  /**
   * The expression reads nothing of the activation and costs too little to meet a budget
   * or a deadline check, so every evaluation gives the same value (or the same error):
   * the value is computed once (patch/mutation-value.ts). Fixed labels and sidecars are
   * the common case of apply configurations. Holds the estimated cost, to compare with the
   * request's cost limit; undefined when the expression is not constant.
   */
  constantCost: number | undefined;
}

// Every name the admission environments bind. An expression whose text holds none of them
// cannot read the activation; a false alarm (the word in a string) only loses the shortcut.
const ACTIVATION_NAMES = /\b(?:object|oldObject|request|params|namespaceObject|variables|authorizer)\b/;

/** The budget reads the clock every 512 cost units (packages/cel budget.ts); below that, none. */
const CONSTANT_COST_CEILING = 512;

function constantCost(expression: string, program: CelProgram): number | undefined {
  if (ACTIVATION_NAMES.test(expression)) return undefined;
  const cost = program.estimatedCost;
  return cost < CONSTANT_COST_CEILING ? cost : undefined;
}

export interface CompiledPolicy {
  matchConditions: CompiledExpression[];
  variables: CompiledExpression[];
  mutations: CompiledMutation[];
}

export type CompileOutcome = { ok: true; compiled: CompiledPolicy } | { ok: false; message: string };

const cache = new WeakMap<Policy, CompileOutcome>();

export function compilePolicy(policy: Policy): CompileOutcome {
  let outcome = cache.get(policy);
  if (!outcome) cache.set(policy, (outcome = compile(policy)));
  return outcome;
}

/**
 * The catalog's kind of a policy: its own version, or another version of its group and kind
 * (the state takes a policy of any version of the group; the CEL fields are the same).
 */
function policyKind(policy: Policy): KindInfo | undefined {
  const { apiVersion, kind } = policy.object;
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return undefined;
  const group = apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '';
  return catalog.lookup(apiVersion, kind)?.info ?? catalog.kinds.find((k) => k.group === group && k.kind === kind);
}

function compile(policy: Policy): CompileOutcome {
  const hasParams = policy.spec.paramKind !== undefined;
  // The server stores a policy whatever its estimated cost and enforces the budget while
  // the expression runs; so does the engine (the estimate is the linter's advice).
  const limits = { maxEstimatedCost: Number.POSITIVE_INFINITY };
  const info = policyKind(policy);
  if (!info)
    return {
      ok: false,
      message: `compilation failed: ${String(policy.object.apiVersion)} ${String(policy.object.kind)} is not a policy kind platlint knows`,
    };
  const schema = catalog.schema(info);
  const problems: string[] = [];
  // The variables as far as compiled, with their static types: a variable sees the ones
  // before it, mutations see all of them, match conditions none.
  const declared: { name: string; type: string }[] = [];
  // Environments other than a variable's are shared by the expressions of one place.
  const shared = new Map<CelPlace, CelEnvironment>();
  const environment = (place: CelPlace, variables?: { name: string; type: string }[]): CelEnvironment => {
    if (variables) return celEnvironmentFor(place, { limits, admission: { hasParams, variables } });
    let env = shared.get(place);
    if (!env) shared.set(place, (env = celEnvironmentFor(place, { limits, admission: { hasParams, variables: declared } })));
    return env;
  };
  const build = (
    path: FieldPath,
    expression: string,
    variables?: { name: string; type: string }[],
  ): { program: CelProgram; env: CelEnvironment } | undefined => {
    const place = celPlaceAt(schema, path);
    if (!place) {
      problems.push(`${formatPath(path)}: not a CEL field of ${info.kind}`);
      return undefined;
    }
    const env = environment(place, variables);
    const r = env.compile(expression);
    if (r.ok) return { program: r.program, env };
    problems.push(`${formatPath(path)}: ${r.issues.map((i) => i.message).join('; ')}`);
    return undefined;
  };

  const matchConditions: CompiledExpression[] = [];
  policy.spec.matchConditions.forEach((c, i) => {
    const built = build(['spec', 'matchConditions', i, 'expression'], c.expression);
    if (built) matchConditions.push({ name: c.name, expression: c.expression, ...built });
  });

  const variables: CompiledExpression[] = [];
  policy.spec.variables.forEach((v, i) => {
    const built = build(['spec', 'variables', i, 'expression'], v.expression, [...declared]);
    declared.push({ name: v.name, type: built?.program.type ?? 'dyn' });
    if (built) variables.push({ name: v.name, expression: v.expression, ...built });
  });

  const mutations: CompiledMutation[] = [];
  policy.spec.mutations.forEach((m, i) => {
    const field = m.patchType === 'JSONPatch' ? 'jsonPatch' : 'applyConfiguration';
    const built = build(['spec', 'mutations', i, field, 'expression'], m.expression);
    if (built)
      mutations.push({
        patchType: m.patchType,
        expression: m.expression,
        ...built,
        constantCost: constantCost(m.expression, built.program),
      });
  });

  if (problems.length > 0) return { ok: false, message: `compilation failed: ${problems.join(', ')}` };
  return { ok: true, compiled: { matchConditions, variables, mutations } };
}
