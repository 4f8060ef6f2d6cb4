// Compiling a policy's expressions as upstream compiles them at admission time: `object`,
// `oldObject` and `params` are dynamic and every `Object.<path>` type name resolves, so an
// expression the linter's schema check dislikes (admission/cel-schema) still runs. Its errors
// surface where upstream raises them: a field the schema lacks when the apply configuration is
// merged, a wrong result type when the value is checked after evaluation (invocation.ts), a
// JSON patch when the patched object is decoded. Results are cached per policy object.
import { admissionEnvironment, type CelEnvironment, type CelProgram } from '@platlint/cel';
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
   * the value is computed once (evaluate/invocation.ts). Fixed labels and sidecars are
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

function compile(policy: Policy): CompileOutcome {
  const hasParams = policy.spec.paramKind !== undefined;
  // The server stores a policy whatever its estimated cost and enforces the budget while
  // the expression runs; so does the engine (the estimate is the linter's advice).
  const base = { hasParams, limits: { maxEstimatedCost: Number.POSITIVE_INFINITY } };
  const problems: string[] = [];
  const build = (env: CelEnvironment, expression: string, where: string): CelProgram | undefined => {
    const r = env.compile(expression);
    if (r.ok) return r.program;
    problems.push(`${where}: ${r.issues.map((i) => i.message).join('; ')}`);
    return undefined;
  };

  const conditionEnv = admissionEnvironment('matchCondition', base);
  const matchConditions: CompiledExpression[] = [];
  policy.spec.matchConditions.forEach((c, i) => {
    const program = build(conditionEnv, c.expression, `spec.matchConditions[${i}].expression`);
    if (program) matchConditions.push({ name: c.name, expression: c.expression, program, env: conditionEnv });
  });

  // Each variable sees the ones before it, with their static types.
  const variables: CompiledExpression[] = [];
  const declared: { name: string; type: string }[] = [];
  policy.spec.variables.forEach((v, i) => {
    const env = admissionEnvironment('variable', { ...base, variables: [...declared] });
    const program = build(env, v.expression, `spec.variables[${i}].expression`);
    declared.push({ name: v.name, type: program?.type ?? 'dyn' });
    if (program) variables.push({ name: v.name, expression: v.expression, program, env });
  });

  const applyEnv = admissionEnvironment('applyConfiguration', { ...base, variables: declared });
  const patchEnv = admissionEnvironment('jsonPatch', { ...base, variables: declared });
  const mutations: CompiledMutation[] = [];
  policy.spec.mutations.forEach((m, i) => {
    const env = m.patchType === 'JSONPatch' ? patchEnv : applyEnv;
    const field = m.patchType === 'JSONPatch' ? 'jsonPatch' : 'applyConfiguration';
    const program = build(env, m.expression, `spec.mutations[${i}].${field}.expression`);
    if (program) mutations.push({ patchType: m.patchType, expression: m.expression, program, env, constantCost: constantCost(m.expression, program) });
  });

  if (problems.length > 0) return { ok: false, message: `compilation failed: ${problems.join(', ')}` };
  return { ok: true, compiled: { matchConditions, variables, mutations } };
}
