import { celExpressionsIn, parseDuration } from '@platlint/core';
import type { CelPlace, FieldPath, RuleContext } from '@platlint/core';
import { celEnvironmentFor, rememberedCompile, yamlValueRangeToSource } from '@platlint/cel';
import type { CelEnvironment, CelProgram } from '@platlint/cel';
import { isObject, listOf, objectsIn } from '../kit/objects.js';
import type { Obj } from '../kit/objects.js';

export const AUTHN = 'AuthenticationConfiguration.apiserver.plat.io';
export const AUTHZ = 'AuthorizationConfiguration.apiserver.plat.io';
export const EGRESS = 'EgressSelectorConfiguration.apiserver.plat.io';
export const TRACING = 'TracingConfiguration.apiserver.plat.io';

/** Rules run on objects that may also have structural errors, so every read is guarded. */
export function obj(value: unknown): Obj | undefined {
  return isObject(value) ? value : undefined;
}

export function quote(value: string): string {
  return JSON.stringify(value);
}

/** Each JWT authenticator with its path. */
export function authenticators(context: RuleContext): { jwt: Obj; path: FieldPath }[] {
  return objectsIn(context.value.jwt).map(([jwt, i]) => ({ jwt, path: ['jwt', i] as FieldPath }));
}

/** Each webhook configuration of an AuthorizationConfiguration with its path. */
export function webhooks(context: RuleContext): { webhook: Obj; path: FieldPath }[] {
  return listOf(context.value.authorizers).flatMap((entry, i) => {
    const webhook = obj(obj(entry)?.webhook);
    return webhook ? [{ webhook, path: ['authorizers', i, 'webhook'] as FieldPath }] : [];
  });
}

/**
 * Calls `onRepeat` for every entry whose key was already seen earlier in the list: upstream
 * reports a duplicate at the later entry.
 */
export function forRepeats<T>(
  items: readonly T[],
  key: (item: T) => string | undefined,
  onRepeat: (item: T, first: T) => void,
): void {
  const seen = new Map<string, T>();
  for (const item of items) {
    const k = key(item);
    if (k === undefined) continue;
    const first = seen.get(k);
    if (first === undefined) seen.set(k, item);
    else onRepeat(item, first);
  }
}

export function durationNs(value: unknown): number | undefined {
  const nanos = typeof value === 'string' ? parseDuration(value) : undefined;
  return nanos === undefined ? undefined : Number(nanos);
}

export interface CelCheck {
  env: CelEnvironment;
  /** What the expression feeds, for messages ("a claim validation rule"). */
  place: string;
  /** The only variable the environment declares, named when another one is used. */
  variable: string;
  /** Boolean places need a static bool: upstream rejects a `dyn` result at load time. */
  staticBool?: boolean;
  /**
   * Obj places: the server loads an expression of any result type and fails only when a
   * token is mapped, so a wrong static type is a warning, not a refusal.
   */
  resultTypeIsAdvice?: boolean;
}

/** How a configuration rule checks the expressions of one CEL place. */
export interface PlaceCheck extends Omit<CelCheck, 'env'> {
  /** Which expressions are left alone: empty ones (upstream's unset), or blank ones too. */
  skip: 'empty' | 'blank';
  /** A rule list compiles a repeated expression once (the repeat is a rule of its own). */
  compileRepeatsOnce?: boolean;
}

// One environment per place and release (the CEL libraries of the configured `release`).
const placeEnvironments = new Map<string, CelEnvironment>();

function placeEnvironment(place: CelPlace, release: string): CelEnvironment {
  const key = `${place}|${release}`;
  let env = placeEnvironments.get(key);
  if (!env) placeEnvironments.set(key, (env = celEnvironmentFor(place, { release })));
  return env;
}

/**
 * Checks every expression at the fields the schema tree marks as CEL, each with the check of
 * its place; places the rule has no check for are another rule's.
 */
export function checkCelPlaces(context: RuleContext, checks: Partial<Record<CelPlace, PlaceCheck>>): void {
  const seen = new Set<string>();
  for (const { path, place, expression } of celExpressionsIn(context.schema, context.value)) {
    const check = checks[place];
    if (!check || expression === '' || (check.skip === 'blank' && expression.trim() === '')) continue;
    if (check.compileRepeatsOnce) {
      // Repeats count within one list: the path up to the list, and the expression.
      const key = JSON.stringify([path.slice(0, -2), expression]);
      if (seen.has(key)) continue;
      seen.add(key);
    }
    checkCel(context, path, expression, { ...check, env: placeEnvironment(place, context.settings.release) });
  }
}

/**
 * The messages checkCel reports by id, for the meta.messages of each rule that calls it. A
 * compiler issue is open-ended, so it is the data, with the hint that names the place's variable.
 */
export const CEL_MESSAGES = {
  celIssue: '{{issue}}{{hint}}',
  notStaticBool:
    '{{place}} must evaluate to bool, but this expression\'s type is {{type}} until run time; compare the value, e.g. "... == true"',
} as const;

/**
 * Compiles an expression and reports each issue on the characters it concerns. Returns the
 * program when the expression compiled without a finding.
 */
export function checkCel(context: RuleContext, path: FieldPath, expression: string, check: CelCheck): CelProgram | undefined {
  // Configuration files of a run repeat their expressions: the compiles are remembered.
  const result = rememberedCompile(check.env, expression);
  // The scalar's source is looked up for a finding only: it means parsing the document again
  // (values-first reading, docs/architecture.md), and most expressions have none.
  let scalar: ReturnType<RuleContext['scalarSource']> | null = null;
  const span = (range: { start: number; end: number }) => {
    if (scalar === null) scalar = context.scalarSource(path);
    return scalar ? yamlValueRangeToSource(scalar, range) : undefined;
  };
  if (!result.ok) {
    for (const issue of result.issues) {
      const text = issue.message.charAt(0).toLowerCase() + issue.message.slice(1);
      const hint = issue.code === 'unknown_variable' ? `; ${check.place} sees only the variable "${check.variable}"` : '';
      // The server does not estimate CEL cost when it loads a configuration file.
      const advice = issue.code === 'cost_limit' || (check.resultTypeIsAdvice && issue.code === 'result_type');
      const severity = advice ? 'warning' : undefined;
      context.report({ path, messageId: 'celIssue', data: { issue: text, hint }, span: span(issue), severity });
    }
    return undefined;
  }
  if (check.staticBool && result.program.type !== 'bool') {
    context.report({
      path,
      messageId: 'notStaticBool',
      data: { place: check.place, type: result.program.type },
      span: span({ start: 0, end: expression.length }),
    });
    return undefined;
  }
  return result.program;
}

/**
 * Where an "exactly one of" finding goes, by the project's convention: at each member that is
 * set when several are, at the first member (its nearest existing key) when none is.
 */
export function unionFindingPaths(
  at: FieldPath,
  members: readonly string[],
  isSet: (member: string) => boolean,
): { paths: FieldPath[]; problem: 'both' | 'none' | undefined } {
  const set = members.filter(isSet);
  if (set.length > 1) return { paths: set.map((m) => [...at, m]), problem: 'both' };
  if (set.length === 0) return { paths: [[...at, members[0] as string]], problem: 'none' };
  return { paths: [], problem: undefined };
}

/** True when the text is empty or only whitespace. */
export function blank(value: unknown): boolean {
  return typeof value === 'string' && value.trim() === '';
}
