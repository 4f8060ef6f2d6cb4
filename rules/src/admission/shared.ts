import { WalkMemo, celExpressionsIn } from '@platlint/core';
import { admissionPlaceOf, celTokensOf } from '@platlint/cel';
import type { AdmissionPlace } from '@platlint/cel';
import type { CelPlace, FieldPath, LintObject, RuleContext, SchemaNode } from '@platlint/core';
import { isObject, listOf, objectsIn } from '../kit/objects.js';
import type { Obj } from '../kit/objects.js';

export const POLICY = 'MutatingAdmissionPolicy.admissionregistration.plat.io';
export const BINDING = 'MutatingAdmissionPolicyBinding.admissionregistration.plat.io';
export const ADMISSION_GROUP = 'admissionregistration.plat.io';

export function strings(value: unknown): string[] {
  return listOf(value).filter((v): v is string => typeof v === 'string');
}

export function specOf(context: RuleContext): Obj | undefined {
  const spec = context.value.spec;
  return isObject(spec) ? spec : undefined;
}

export function isPolicy(context: RuleContext): boolean {
  return context.kind.groupKind === POLICY;
}

/** The MatchResources of this object: a policy's matchConstraints or a binding's matchResources. */
export function matchResourcesOf(context: RuleContext): { path: FieldPath; value: Obj } | undefined {
  const spec = specOf(context);
  const field = isPolicy(context) ? 'matchConstraints' : 'matchResources';
  const value = spec?.[field];
  return isObject(value) ? { path: ['spec', field], value } : undefined;
}

export interface ResourceRuleAt {
  path: FieldPath;
  rule: Obj;
  /** From resourceRules (true) or excludeResourceRules (false). */
  include: boolean;
}

export function resourceRulesOf(context: RuleContext): ResourceRuleAt[] {
  const match = matchResourcesOf(context);
  if (!match) return [];
  const out: ResourceRuleAt[] = [];
  for (const field of ['resourceRules', 'excludeResourceRules'] as const) {
    for (const [rule, i] of objectsIn(match.value[field]))
      out.push({ path: [...match.path, field, i], rule, include: field === 'resourceRules' });
  }
  return out;
}

/** The policy a binding names, among the objects of the run. */
export function policyOf(context: RuleContext): LintObject | undefined {
  const name = specOf(context)?.policyName;
  if (typeof name !== 'string' || name === '') return undefined;
  return context.index.named(POLICY, name)[0];
}

export type ExpressionPlace = AdmissionPlace;

export interface ExpressionAt {
  place: ExpressionPlace;
  /** The place's name in the schema tree, which names its environment. */
  celPlace: CelPlace;
  path: FieldPath;
  expression: string;
  /** Index of the entry in its list (the variable's index, for variable expressions). */
  index: number;
}

/**
 * Every CEL expression of a policy, in document order: the fields the schema tree marks as
 * admission CEL (see core's celExpressionsIn), so that no list of places is kept here. Several
 * rules ask this of each policy: the list is made once per object and shared, read-only.
 */
export function expressionsOf(context: RuleContext): readonly ExpressionAt[] {
  return sitesOf.answer(context.value, context.schema, admissionSites);
}

const sitesOf = new WalkMemo<readonly ExpressionAt[]>();

function admissionSites(value: object, schema: SchemaNode): ExpressionAt[] {
  return celExpressionsIn(schema, value).flatMap(({ path, place: celPlace, expression }) => {
    const place = admissionPlaceOf(celPlace);
    const index = path.findLast((segment) => typeof segment === 'number') ?? 0;
    return place ? [{ place, celPlace, path, expression, index: index as number }] : [];
  });
}

/** Variable names in declaration order (entries without a string name keep their slot as undefined). */
export function variableNames(spec: Obj | undefined): (string | undefined)[] {
  return listOf(spec?.variables).map((v) => (isObject(v) && typeof v.name === 'string' ? v.name : undefined));
}

export interface Reference {
  /** `params`, or the variable name of `variables.<name>`. */
  name: string;
  root: 'params' | 'variables';
  start: number;
  end: number;
}

/**
 * Finds `params` and `variables.<name>` references in a CEL expression, from its tokens:
 * strings and comments are skipped, and identifiers that follow a `.` (fields such as
 * `object.params`) are not references. An expression that does not tokenize has none here;
 * the compile check reports it.
 */
export function celReferences(text: string): Reference[] {
  const tokens = celTokensOf(text);
  if (!tokens) return [];
  const refs: Reference[] = [];
  const word = (k: number): string | undefined =>
    tokens[k]?.kind === 'ident' ? text.slice(tokens[k].start, tokens[k].end) : undefined;
  const isDot = (k: number): boolean => tokens[k]?.kind === 'punct' && tokens[k]?.text === '.';
  tokens.forEach((token, k) => {
    if (token.kind !== 'ident' || isDot(k - 1)) return;
    const name = word(k);
    if (name === 'params') refs.push({ name, root: 'params', start: token.start, end: token.end });
    const field = tokens[k + 2];
    if (name === 'variables' && isDot(k + 1) && field?.kind === 'ident')
      refs.push({ name: text.slice(field.start, field.end), root: 'variables', start: field.start, end: field.end });
  });
  return refs;
}
