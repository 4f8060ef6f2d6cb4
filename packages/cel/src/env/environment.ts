// One type-checked CEL environment for one place an expression can stand: it declares
// that place's variables, checks the result type, enforces size, depth and cost limits,
// and evaluates under a runtime budget.
import { EvaluationError, Optional, ParseError, type ASTNode, type Environment, type ParseResult } from '@marcbachmann/cel-js';
import { Budget, enterBudget, leaveBudget } from '../budget.js';
import { astDepth, CostEstimator } from '../cost.js';
import { libraryEnvironment } from '../lib/index.js';
import { literalIssue, mayCheckLiterals } from '../lib/literal-checks.js';
import type { RewrittenSource, SourceRange } from '../position.js';
import { shapeOf, type StructuralSchema } from '../schema.js';
import { issueMessage } from '../messages.js';
import { LATEST_RELEASE, LITERAL_VALIDATION_RELEASE, releaseBefore, releaseIssue } from '../releases.js';
import { MAY_REWRITE, rewriteConstructions } from '../syntax/construct.js';
import { mayNeedRepair, repairTree } from '../syntax/ast-fixes.js';
import { LexError, measureNesting, tokenize } from '../syntax/lexer.js';
import { nullObjectFor, toCel } from '../values.js';
import { chargeOperators } from '../runtime-cost.js';
import { crossNumericMembership } from '../membership.js';
import { ConstructRegistry, installConstructMacro, JSON_PATCH_SCHEMA, registerReadTypes } from './types.js';
import { keepBounded } from '@platlint/core';

export interface CelLimits {
  /** Longest accepted expression, in code points (as cel-go's parser counts). */
  maxExpressionLength: number;
  /** Deepest accepted nesting of the expression's syntax tree. */
  maxDepth: number;
  /** Static cost estimate above which an expression is rejected. */
  maxEstimatedCost: number;
  /** Default runtime cost budget of one evaluation. */
  runtimeCostLimit: number;
  /** Size assumed for lists and maps that nothing bounds, for the estimate. */
  assumedListSize: number;
  /** Length assumed for strings that nothing bounds, for the estimate. */
  assumedStringLength: number;
}

// Kubernetes: 10,000,000 is the static estimate limit of a single CRD validation rule,
// 1,000,000 the runtime cost limit of one admission-policy expression (PerCallLimit).
export const DEFAULT_LIMITS: Readonly<CelLimits> = Object.freeze({
  maxExpressionLength: 100_000,
  maxDepth: 250,
  maxEstimatedCost: 10_000_000,
  runtimeCostLimit: 1_000_000,
  assumedListSize: 1_000,
  assumedStringLength: 1_000,
});

export interface CelIssue extends SourceRange {
  code: string;
  message: string;
}

export interface VariableDecl {
  name: string;
  /** A CEL type name such as `string` or `map<string, dyn>`; ignored when schema is set. */
  type?: string;
  /** Types the variable from a structural schema (object, params, ...). */
  schema?: StructuralSchema | undefined;
  /**
   * With `schema`: the variable is `optional<T>` of the schema's type, and `prepare` binds it to
   * `optional.of(value)`, or to `optional.none()` when the value is undefined (a CRD rule's
   * `oldSelf` with `optionalOldSelf: true`).
   */
  optional?: boolean;
  /**
   * With `schema`: every environment of its family declares this variable with this same schema
   * (an admission request's). Its types are registered below the other variables' (typedBase),
   * where all those environments share them whatever else they declare. Its schema must share no
   * node with another variable's: a shared node's type is named after the variable registered first.
   */
  fixedSchema?: boolean;
  description?: string;
}

export interface ResultRule {
  /** Accepted result types (a static `dyn` is always accepted). */
  types: string[];
  /** How a message names the expectation, e.g. "bool". */
  describe: string;
}

export interface EnvironmentSpec {
  variables: VariableDecl[];
  result?: ResultRule;
  /** Enables `Object{...}` construction typed by this schema. */
  construct?: StructuralSchema | undefined;
  jsonPatch?: boolean;
  /**
   * Accept list and map literals that mix element types (`[1, "a"]`). The platform refuses
   * them at compile time in every environment it defines; only environments that must
   * follow plain CEL (the cel-spec conformance data) turn this on.
   */
  heterogeneousLiterals?: boolean;
  /** `string.format` as the cel-spec conformance data expects (cel-go's newer formatter), not as the platform runs it. */
  celSpecFormat?: boolean;
  /**
   * The platform release to compile for ("1.33"): calls of libraries it does not have yet
   * are compile errors (releases.ts). Unset: the newest release, everything on.
   */
  release?: string | undefined;
  /** Extra registrations (e.g. the type of `variables`), run before the variables declared by type (schema-typed ones are registered with their types first). */
  setup?: (env: Environment) => void;
  /**
   * Fills variables a caller did not pass (e.g. the offline authorizer). `owned`: the
   * activation is a fresh object of the environment's own, which may be filled in place;
   * otherwise it belongs to the caller and a copy is filled.
   */
  defaults?: (activation: Record<string, unknown>, options: EvaluateOptions, owned: boolean) => Record<string, unknown>;
}

export interface EvaluateOptions {
  /** Runtime cost budget; defaults to the environment's runtimeCostLimit. */
  costLimit?: number;
  /** Absolute deadline in epoch milliseconds. */
  deadline?: number;
  /** Relative deadline in milliseconds, from the start of this evaluation. */
  timeoutMs?: number;
  [option: string]: unknown;
}

export class CelEvaluationError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly range: SourceRange | undefined,
  ) {
    super(message);
    this.name = 'CelEvaluationError';
  }
}

export type CompileResult = { ok: true; program: CelProgram; issues: [] } | { ok: false; issues: CelIssue[] };

function issue(code: string, message: string, range: SourceRange): CelIssue {
  return { code, message, start: range.start, end: range.end };
}

/** The UTF-16 index of code point number `limit` (0-based) of `s`, or -1 when `s` has no more than `limit` code points. */
function codePointIndex(s: string, limit: number): number {
  let count = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // A low surrogate after a high one continues the same code point.
    if (c >= 0xdc00 && c <= 0xdfff && i > 0 && s.charCodeAt(i - 1) >= 0xd800 && s.charCodeAt(i - 1) <= 0xdbff) continue;
    if (count === limit) return i;
    count++;
  }
  return -1;
}

export class CelProgram {
  constructor(
    readonly expression: string,
    /** Static result type, in the base library's notation (`bool`, `list<string>`, `Object`). */
    readonly type: string,
    private readonly estimate: () => number,
    private readonly parsed: ParseResult,
    private readonly source: RewrittenSource | null,
    private readonly env: CelEnvironment,
    /** Message-typed variables the expression may read, with their null stand-ins. */
    private readonly nullable: readonly NullBinding[],
  ) {}

  /** Static cost estimate of the expression. */
  get estimatedCost(): number {
    return this.estimate();
  }

  // Reused across evaluations; taken while in use so a nested evaluation of the same
  // program (a variable read through `variables`) gets a budget of its own.
  #idle: Budget | null = null;

  /** The cost the last evaluation spent (what a caller with a budget across evaluations charges). */
  get lastCost(): number {
    return this.#idle?.used ?? 0;
  }

  /** Evaluate; returns the CEL value. Throws CelEvaluationError. */
  evaluate(activation: Record<string, unknown> = {}, options?: EvaluateOptions): unknown {
    const limit = options?.costLimit ?? this.env.limits.runtimeCostLimit;
    const deadline = options?.deadline ?? (options?.timeoutMs !== undefined ? Date.now() + options.timeoutMs : undefined);
    let budget = this.#idle;
    if (budget) {
      this.#idle = null;
      budget.reset(limit, deadline);
    } else {
      budget = new Budget(limit, deadline);
    }
    const ctx = this.env.activationFor(activation, options, this.nullable);
    const previous = enterBudget(budget);
    try {
      return this.parsed(ctx);
    } catch (e) {
      throw this.#wrap(e);
    } finally {
      leaveBudget(previous);
      this.#idle = budget;
    }
  }

  #wrap(e: unknown): CelEvaluationError {
    if (e instanceof EvaluationError) {
      const range = e.range ? this.env.mapRange(e.range, this.source) : undefined;
      return new CelEvaluationError(e.summary, e.code, range);
    }
    if (e instanceof RangeError)
      return new CelEvaluationError('evaluation exceeded the runtime stack', 'stack_exhausted', undefined);
    const message = e instanceof Error ? e.message : String(e);
    return new CelEvaluationError(message, 'internal_error', undefined);
  }
}

function cloneOptions(maxDepth: number) {
  return {
    enableOptionalTypes: true,
    // Checked by lib/literal-checks.ts instead: the base check refuses dyn() elements.
    homogeneousAggregateLiterals: false,
    unlistedVariablesAreDyn: false,
    limits: { maxDepth },
  };
}

interface TypedBase {
  env: Environment;
  constructs: ConstructRegistry | undefined;
}

const schemaIds = new WeakMap<object, number>();
let lastSchemaId = 0;

function idOf(schema: object | undefined): string {
  if (!schema) return '';
  let id = schemaIds.get(schema);
  if (id === undefined) schemaIds.set(schema, (id = ++lastSchemaId));
  return String(id);
}

/**
 * The costly part of an environment: the types registered from schemas (the read types of a
 * schema-typed variable, the construct types of `Object{...}`) take tens of milliseconds for
 * a Deployment, and environments that differ only in their other variables (each policy's
 * own `variables`) share them. An environment is a clone of its typed base with the rest
 * registered on top (cel-js keeps a clone's registrations apart from its parent's).
 */
function typedBase(spec: EnvironmentSpec, maxDepth: number, comparing: boolean): TypedBase {
  // Registering a type costs in proportion to the types below it (the base library checks each
  // new `==` overload against every earlier one), so the fixed schemas' few types go below the
  // large ones, once for all the environments of a family, not once on top of each.
  const schemaVariables = [
    ...spec.variables.filter((v) => v.schema && v.fixedSchema),
    ...spec.variables.filter((v) => v.schema && !v.fixedSchema),
  ];
  const builds = spec.construct !== undefined || spec.jsonPatch === true;
  // The construct types go right after the variable typed by the same schema (an apply
  // configuration's `object`), so that the places of a policy with a paramKind and one
  // without share them with the read types below; otherwise after every variable.
  const typedLikeConstruct = schemaVariables.findIndex((v) => v.schema === spec.construct);
  const constructAfter = typedLikeConstruct >= 0 ? typedLikeConstruct : schemaVariables.length - 1;
  const constructs = (below: TypedLayer) => {
    const layer = constructLayer(below, spec, maxDepth);
    return comparing ? constructComparisonLayer(layer, maxDepth) : layer;
  };
  let layer = rootLayer(maxDepth);
  if (builds && constructAfter < 0) layer = constructs(layer);
  schemaVariables.forEach((v, i) => {
    layer = variableLayer(layer, v, maxDepth);
    if (builds && i === constructAfter) layer = constructs(layer);
  });
  return layer;
}

/**
 * One layer of registrations on those of the layers below it: environments whose
 * registrations begin alike share those layers. Each is a clone of the one below (cel-js
 * copies what a clone changes, so a deeper chain costs no lookups).
 */
interface TypedLayer extends TypedBase {
  key: string;
  /** Each schema's registered read type, so that a schema two variables share (`object`, `oldObject`) is one type. */
  readTypes: ReadonlyMap<StructuralSchema, string>;
}

const layers = new Map<string, TypedLayer>();

function rootLayer(maxDepth: number): TypedLayer {
  const key = String(maxDepth);
  let layer = layers.get(key);
  if (!layer) {
    layer = { key, env: libraryEnvironment().clone(cloneOptions(maxDepth)), constructs: undefined, readTypes: new Map() };
    remember(layers, key, layer);
  }
  return layer;
}

/** The read types of one schema-typed variable, and the variable. */
function variableLayer(below: TypedLayer, v: VariableDecl, maxDepth: number): TypedLayer {
  const key = `${below.key}|${v.name}=${idOf(v.schema)}=${v.optional ? '?' : ''}=${v.description ?? ''}`;
  let layer = layers.get(key);
  if (!layer) {
    const env = below.env.clone(cloneOptions(maxDepth));
    const readTypes = new Map(below.readTypes);
    const type = registerReadTypes(env, v.schema as StructuralSchema, readTypeName(v.name), readTypes);
    env.registerVariable(
      v.name,
      v.optional ? `optional<${type}>` : type,
      v.description ? { description: v.description } : undefined,
    );
    layer = { key, env, constructs: below.constructs, readTypes };
    remember(layers, key, layer);
  }
  return layer;
}

/** The construct types of the places that build objects (an apply configuration, a JSON patch). */
function constructLayer(below: TypedLayer, spec: EnvironmentSpec, maxDepth: number): TypedLayer {
  const key = `${below.key}|construct=${spec.jsonPatch ? 'patch' : ''}=${idOf(spec.construct)}`;
  let layer = layers.get(key);
  if (!layer) {
    const env = below.env.clone(cloneOptions(maxDepth));
    const constructs = new ConstructRegistry();
    if (spec.construct) constructs.register(env, spec.construct, 'Object');
    if (spec.jsonPatch) constructs.register(env, JSON_PATCH_SCHEMA, 'JSONPatch');
    installConstructMacro(env, constructs);
    layer = { key, env, constructs, readTypes: below.readTypes };
    remember(layers, key, layer);
  }
  return layer;
}

/** `==` and `!=` between the construct types below, and with null (ConstructRegistry.allowComparison). */
function constructComparisonLayer(below: TypedLayer, maxDepth: number): TypedLayer {
  const key = `${below.key}|comparison`;
  let layer = layers.get(key);
  if (!layer) {
    const env = below.env.clone(cloneOptions(maxDepth));
    below.constructs?.allowComparison(env);
    layer = { key, env, constructs: below.constructs, readTypes: below.readTypes };
    remember(layers, key, layer);
  }
  return layer;
}

/** Bounded: schemas come from the catalog, but tests and editors may bring others. */
function remember<T>(memory: Map<string, T>, key: string, value: T): void {
  keepBounded(memory, 128, key, value);
}

export class CelEnvironment {
  readonly limits: CelLimits;
  // What expressions compile in. Where the spec builds objects, it lacks the construct types'
  // `==` overloads (registering them is most of the cost of a Deployment's environment); the
  // expressions that may compare get a second base that has them (#baseFor).
  readonly #base: TypedBase;
  #comparingBase: TypedBase | undefined;
  readonly #schemas = new Map<string, StructuralSchema | undefined>();
  // Schema-typed variables declared `optional<T>`.
  readonly #optional = new Set<string>();
  // Schemas only for the cost estimate of variables declared by CEL type.
  readonly #sizes = new Map<string, StructuralSchema | undefined>();
  readonly #estimator: CostEstimator;
  // Message-typed variables and the stand-in bound when the caller passes null.
  readonly #nullable: NullBinding[] = [];

  constructor(
    readonly spec: EnvironmentSpec,
    limits: Partial<CelLimits> = {},
  ) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
    this.#base = this.#declaredOn(typedBase(spec, this.limits.maxDepth, false));
    for (const v of spec.variables) {
      this.#schemas.set(v.name, v.schema);
      if (!v.schema && v.type) this.#sizes.set(v.name, schemaOfType(v.type));
      if (v.schema && v.optional) this.#optional.add(v.name);
      else if (v.schema && shapeOf(v.schema) === 'struct') this.#nullable.push([v.name, nullObjectFor(v.schema)]);
    }
    for (const [k, v] of this.#schemas) if (v) this.#sizes.set(k, v);
    this.#estimator = new CostEstimator(this.#sizes, {
      listSize: this.limits.assumedListSize,
      stringLength: this.limits.assumedStringLength,
    });
  }

  /** A clone of a typed base with the rest of the spec registered on it: its setup, the variables declared by type. */
  #declaredOn(typed: TypedBase): TypedBase {
    const env = typed.env.clone(cloneOptions(this.limits.maxDepth));
    this.spec.setup?.(env);
    for (const v of this.spec.variables) {
      if (!v.schema) env.registerVariable(v.name, v.type ?? 'dyn', v.description ? { description: v.description } : undefined);
    }
    return { env, constructs: typed.constructs };
  }

  // The base library consults `==` overloads only for `==`, `!=` and `in` (a list's membership
  // and equality compare its elements with them): an expression without these compiles, and
  // evaluates, alike without the construct types'. The text is a safe test: one inside a string
  // literal only costs the second base.
  #baseFor(expression: string): TypedBase {
    if (!this.#base.constructs || !MAY_COMPARE.test(expression)) return this.#base;
    return (this.#comparingBase ??= this.#declaredOn(typedBase(this.spec, this.limits.maxDepth, true)));
  }

  /**
   * Convert JSON variable values to CEL values, typed by the declared schemas. `options` are
   * those the activation will be evaluated with: the defaults read them (the authorizer).
   */
  prepare(values: Record<string, unknown>, options?: EvaluateOptions): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const schemas = this.#schemas;
    for (const k of Object.keys(values)) {
      const v = values[k];
      if (this.#optional.has(k)) out[k] = v === undefined ? Optional.none() : Optional.of(toCel(v, schemas.get(k)));
      else out[k] = schemas.has(k) ? toCel(v, schemas.get(k)) : v;
    }
    return this.#withDefaults(out, options, this.#nullable, true);
  }

  withDefaults(activation: Record<string, unknown>, options: EvaluateOptions | undefined): Record<string, unknown> {
    return this.#withDefaults(activation, options, this.#nullable);
  }

  /** `owned`: `activation` is a fresh object of this environment's (prepare's), filled in place. */
  #withDefaults(
    activation: Record<string, unknown>,
    options: EvaluateOptions | undefined,
    nullable: readonly NullBinding[],
    owned = false,
  ): Record<string, unknown> {
    let out = activation;
    // Copied only when a null must be replaced; `prepare` does it once per request.
    for (let i = 0; i < nullable.length; i++) {
      const [name, standIn] = nullable[i] as NullBinding;
      if (activation[name] !== null) continue;
      if (out === activation && !owned) out = { ...activation };
      out[name] = standIn;
    }
    return this.spec.defaults ? this.spec.defaults(out, options ?? NO_OPTIONS, owned || out !== activation) : out;
  }

  /** The activation a program sees: null message variables it may read bound to their stand-ins, defaults filled. */
  activationFor(
    activation: Record<string, unknown>,
    options: EvaluateOptions | undefined,
    nullable: readonly NullBinding[],
  ): Record<string, unknown> {
    return this.#withDefaults(activation, options, nullable);
  }

  // Only the variables an expression names need the null check at every evaluation (a
  // missing key is a slow lookup); the text containing the name is a cheap, safe test.
  #nullableIn(expression: string): readonly NullBinding[] {
    let found: NullBinding[] | undefined;
    for (const b of this.#nullable) if (expression.includes(b[0])) (found ??= []).push(b);
    return found ?? NO_NULLABLE;
  }

  mapRange(range: SourceRange, source: RewrittenSource | null): SourceRange {
    return source ? source.toSource(range) : { start: range.start, end: range.end };
  }

  /** Compile errors of an expression, empty when it compiles. */
  check(expression: string): CelIssue[] {
    return this.compile(expression).issues;
  }

  compile(expression: string): CompileResult {
    try {
      return this.#compile(expression);
    } catch (e) {
      // Never let a hostile expression crash the caller.
      const message =
        e instanceof RangeError
          ? 'expression is too deeply nested'
          : `internal error: ${e instanceof Error ? e.message : String(e)}`;
      return {
        ok: false,
        issues: [
          issue(e instanceof RangeError ? 'limit_exceeded' : 'internal_error', message, { start: 0, end: expression.length }),
        ],
      };
    }
  }

  #compile(expression: string): CompileResult {
    const whole = { start: 0, end: expression.length };
    // cel-go counts the size in code points (parser expressionSizeCodePointLimit, 100,000 by
    // default, which Kubernetes keeps): a character outside the BMP is one, not two.
    const over =
      expression.length > this.limits.maxExpressionLength ? codePointIndex(expression, this.limits.maxExpressionLength) : -1;
    if (over >= 0) {
      return fail(
        issue('limit_exceeded', `expression is longer than ${this.limits.maxExpressionLength} characters (code points)`, {
          start: over,
          end: expression.length,
        }),
      );
    }
    if (expression.trim() === '') return fail(issue('empty_expression', 'expression is empty', whole));

    // The base parser bounds bracket nesting itself; runs of prefix operators are the
    // one recursion it does not bound.
    // A run longer than maxDepth needs more `!`/`-` characters than that.
    const unary = countsMoreThan(expression, this.limits.maxDepth) ? longestUnaryRun(expression) : NO_RUN;
    if (unary.length > this.limits.maxDepth) {
      return fail(
        issue('limit_exceeded', `expression nests deeper than ${this.limits.maxDepth} levels`, {
          start: unary.at,
          end: unary.at + unary.length,
        }),
      );
    }

    const base = this.#baseFor(expression);
    // Tokenizing is only needed when the expression may construct messages.
    let rewritten: { source: RewrittenSource | null; text: string } = { source: null, text: expression };
    if (MAY_REWRITE.test(expression)) {
      let tokens;
      try {
        tokens = tokenize(expression);
      } catch (e) {
        if (e instanceof LexError) return fail(issue('syntax_error', e.message, { start: e.start, end: e.end }));
        throw e;
      }
      const nesting = expression.length > this.limits.maxDepth ? measureNesting(tokens) : NO_RUN_NESTING;
      if (nesting.depth > this.limits.maxDepth) {
        return fail(
          issue('limit_exceeded', `expression nests deeper than ${this.limits.maxDepth} levels`, {
            start: nesting.at,
            end: nesting.at + 1,
          }),
        );
      }
      const r = rewriteConstructions(expression, tokens, base.constructs !== undefined);
      if (base.constructs) {
        base.constructs.pending = r.types;
        base.constructs.pendingOptional = r.optionalFields;
      }
      rewritten = r;
    }
    const map = (r: SourceRange | undefined): SourceRange => (r ? this.mapRange(r, rewritten.source) : whole);

    let parsed: ParseResult;
    try {
      parsed = base.env.parse(rewritten.text);
    } catch (e) {
      if (e instanceof ParseError)
        return fail(
          issue(
            e.code === 'limit_exceeded' ? 'limit_exceeded' : 'syntax_error',
            issueMessage(e.code, e.summary, e.node),
            map(e.range),
          ),
        );
      throw e;
    }
    // Operator chains build deep trees without nesting; they need enough text to be deep.
    if (expression.length > 2 * this.limits.maxDepth && astDepth(parsed.ast) > this.limits.maxDepth) {
      return fail(issue('limit_exceeded', `expression nests deeper than ${this.limits.maxDepth} levels`, whole));
    }

    if (mayNeedRepair(expression)) repairTree(parsed.ast as ASTNode, { celSpecFormat: this.spec.celSpecFormat === true });
    const checked = parsed.check();
    if (!checked.valid) {
      const err = checked.error;
      if ((err as unknown) instanceof RangeError) return fail(issue('limit_exceeded', 'expression is too deeply nested', whole));
      const code = err?.code ?? 'type_error';
      const undeclared =
        code === 'no_matching_overload' ? undeclaredFunction(base.env, err?.node as ASTNode | undefined) : undefined;
      if (undeclared)
        return fail(
          issue(
            'unknown_function',
            `unknown function "${undeclared}": no library declares a function of that name`,
            map(err?.range),
          ),
        );
      return fail(
        issue(
          err instanceof ParseError ? 'syntax_error' : code,
          err ? issueMessage(code, err.summary, err.node) : 'type error',
          map(err?.range),
        ),
      );
    }
    const release = this.spec.release;
    const validateLiterals = !release || !releaseBefore(release, LITERAL_VALIDATION_RELEASE);
    const literal =
      this.spec.heterogeneousLiterals !== true && mayCheckLiterals(expression)
        ? literalIssue(parsed.ast as ASTNode, { validateLiterals })
        : null;
    if (literal) return fail(issue(literal.code, literal.message, map({ start: literal.node.start, end: literal.node.end })));
    const tooNew = release && releaseBefore(release, LATEST_RELEASE) ? releaseIssue(parsed.ast as ASTNode, release) : null;
    if (tooNew) {
      return fail(
        issue(
          'unavailable_in_release',
          `${tooNew.name}() needs the ${tooNew.library.name} library, which the platform enables from release ${tooNew.library.since} (this targets ${release})`,
          map({ start: tooNew.node.start, end: tooNew.node.end }),
        ),
      );
    }
    crossNumericMembership(parsed.ast as ASTNode);
    // Operators the base library runs itself charge the run-time budget from now on.
    chargeOperators(parsed.ast as ASTNode);
    const type = checked.type ?? 'dyn';
    const rule = this.spec.result;
    if (rule && !resultAccepted(type, rule)) {
      return fail(
        issue(
          'result_type',
          `expression must evaluate to ${rule.describe} but got ${type}`,
          expressionRange(expression, parsed.ast, rewritten.source),
        ),
      );
    }

    // Without loops or bindings the cost is linear in the expression, far below any limit;
    // the estimate is then computed only when asked for.
    const cost = MAY_LOOP.test(expression) ? this.#estimator.estimate(parsed.ast as ASTNode) : undefined;
    if (cost !== undefined && cost > this.limits.maxEstimatedCost) {
      return fail(
        issue(
          'cost_limit',
          `estimated cost ${cost} exceeds the per-expression limit of ${this.limits.maxEstimatedCost}`,
          expressionRange(expression, parsed.ast, rewritten.source),
        ),
      );
    }
    const estimate = cost === undefined ? () => this.#estimator.estimate(parsed.ast as ASTNode) : () => cost;
    return {
      ok: true,
      program: new CelProgram(expression, type, estimate, parsed, rewritten.source, this, this.#nullableIn(expression)),
      issues: [],
    };
  }
}

// Enough shape for the estimator: which variables are lists, maps or scalars.
function schemaOfType(type: string): StructuralSchema | undefined {
  const t = type.trim();
  if (t.startsWith('list<')) return { type: 'array', items: schemaOfType(t.slice(5, -1)) };
  if (t.startsWith('map<')) {
    const inner = t.slice(4, -1);
    const comma = inner.indexOf(',');
    return { type: 'object', additionalProperties: schemaOfType(inner.slice(comma + 1)) ?? {} };
  }
  if (t === 'string' || t === 'bytes') return { type: 'string' };
  if (t === 'int' || t === 'uint') return { type: 'integer' };
  if (t === 'double') return { type: 'number' };
  if (t === 'bool') return { type: 'boolean' };
  return undefined;
}

const MAY_COMPARE = /==|!=|\bin\b/;

const MAY_LOOP =
  /\b(?:all|exists|exists_one|existsOne|map|filter|transformList|transformMap|bind|flatten|distinct|sort|range|findAll)\s*\(/;

type NullBinding = readonly [name: string, standIn: unknown];
const NO_OPTIONS: EvaluateOptions = Object.freeze({});
const NO_NULLABLE: readonly NullBinding[] = Object.freeze([]);

const NO_RUN = Object.freeze({ length: 0, at: 0 });
const NO_RUN_NESTING = Object.freeze({ depth: 0, at: 0 });

// Whether `!` and `-` occur more than `limit` times; indexOf skips the other characters
// much faster than a loop over every one.
function countsMoreThan(expression: string, limit: number): boolean {
  if (expression.length <= limit) return false;
  let n = 0;
  for (const c of ['!', '-']) {
    for (let i = expression.indexOf(c); i >= 0; i = expression.indexOf(c, i + 1)) {
      if (++n > limit) return true;
    }
  }
  return false;
}

function longestUnaryRun(expression: string): { length: number; at: number } {
  let best = 0;
  let at = 0;
  let run = 0;
  let start = 0;
  for (let i = 0; i < expression.length; i++) {
    const c = expression.charCodeAt(i);
    if (c === 33 || c === 45) {
      if (run === 0) start = i;
      run++;
      if (run > best) {
        best = run;
        at = start;
      }
    } else if (c !== 32 && c !== 9 && c !== 10 && c !== 13) {
      run = 0;
    }
  }
  return { length: best, at };
}

// The names of every function an environment declares (global or member, any arity).
const declaredFunctions = new WeakMap<Environment, ReadonlySet<string>>();

/**
 * The name of a global call that no function of any arity declares, which the platform's
 * checker reports as an undeclared reference (and so refuses for certain); a known name
 * called with other arguments stays a no-matching-overload issue.
 */
function undeclaredFunction(env: Environment, node: ASTNode | undefined): string | undefined {
  if (node?.op !== 'call') return undefined;
  const name = (node.args as unknown[])[0];
  if (typeof name !== 'string' || name.startsWith('__')) return undefined;
  let names = declaredFunctions.get(env);
  if (!names) {
    names = new Set(env.getDefinitions().functions.map((f) => f.name));
    declaredFunctions.set(env, names);
  }
  return names.has(name) ? undefined : name;
}

function fail(i: CelIssue): CompileResult {
  return { ok: false, issues: [i] };
}

// Read types are named apart from construction types (`Object...`), which may reach
// fields the read view hides.
function readTypeName(variable: string): string {
  return `${variable[0]?.toUpperCase()}${variable.slice(1)}Self`;
}

function resultAccepted(type: string, rule: ResultRule): boolean {
  if (type === 'dyn' || rule.types.includes(type)) return true;
  // `list` is the checker's spelling of list<dyn>.
  if (type === 'list') return rule.types.some((t) => t.startsWith('list<'));
  return false;
}

function expressionRange(expression: string, ast: ASTNode, source: RewrittenSource | null): SourceRange {
  const r = source ? source.toSource({ start: ast.start, end: ast.end }) : { start: ast.start, end: ast.end };
  if (r.end > r.start) return r;
  const lead = expression.length - expression.trimStart().length;
  return { start: lead, end: expression.trimEnd().length };
}
