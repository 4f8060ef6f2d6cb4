// MatchResources against a request, in upstream's order (policy/matching/matching.go,
// Matcher.DefinitionMatches and BindingMatches):
// namespace selector, object selector, exclude rules, resource rules. A selector that fails
// to match short-circuits; a broken selector or an unknown namespace is an error only once
// the rules match.
import type { LabelSelector } from '@platlint/core';
import { labelsOf, type Json, type JsonObject } from '../json.js';
import type { MatchResources, NamedRule } from '../state/policy-types.js';
import type { State } from '../state/state.js';
import type { GroupVersionKind, GroupVersionResource } from '../types.js';
import { equivalentsOf, subresourceKindOf } from './equivalents.js';
import { ruleMatches } from './rules.js';
import { labelsMatch, parseSelector, type ParsedSelector } from './selectors.js';
import { keepBounded } from '@platlint/core';

export interface MatchAttributes {
  kind: GroupVersionKind;
  resource: GroupVersionResource;
  subResource: string;
  name: string;
  /** For requests on a Namespace, its own name. */
  namespace: string;
  operation: string;
  object: Json | undefined;
  oldObject: Json | undefined;
}

/** How a matching problem surfaces: a status error (404) or a plain configuration error. */
interface MatchError {
  message: string;
  code?: number;
}

export type MatchOutcome =
  { matches: false; error?: MatchError } | { matches: true; resource: GroupVersionResource; kind: GroupVersionKind };

const NO_MATCH: MatchOutcome = { matches: false };

export interface MatchContext {
  state: State;
  /** The namespace object of a request, if the state has it. */
  namespaceOf: (name: string) => JsonObject | undefined;
}

function namespaceLabels(a: MatchAttributes, ctx: MatchContext): Record<string, string> | undefined {
  // The namespace being created or updated is not stored yet: its own labels count.
  if (isNamespaceWrite(a)) return labelsOf(a.object);
  const ns = ctx.namespaceOf(a.namespace);
  return ns ? labelsOf(ns) : undefined;
}

// Selectors are parsed once per selector object: the state's are frozen and live as long as it.
const parsedSelectors = new WeakMap<object, ParsedSelector>();
const EMPTY_SELECTOR: ParsedSelector = parseSelector(undefined);

function parsedSelector(selector: LabelSelector | undefined): ParsedSelector {
  if (selector === undefined) return EMPTY_SELECTOR;
  let parsed = parsedSelectors.get(selector);
  if (!parsed) parsedSelectors.set(selector, (parsed = parseSelector(selector)));
  return parsed;
}

function matchNamespace(
  criteria: MatchResources,
  a: MatchAttributes,
  ctx: MatchContext,
): { matches: boolean; error?: MatchError } {
  // Cluster-scoped requests other than namespaces are never exempted.
  if (a.namespace === '' && a.resource.resource !== 'namespaces') return MATCHES;
  const parsed = parsedSelector(criteria.namespaceSelector);
  if (!parsed.ok) return { matches: false, error: { message: parsed.error, code: 500 } };
  if (parsed.empty) return MATCHES;
  const labels = namespaceLabels(a, ctx);
  if (!labels) return { matches: false, error: { message: `namespaces "${a.namespace}" not found`, code: 404 } };
  return labelsMatch(parsed, labels) ? MATCHES : MISSES;
}

function matchObject(criteria: MatchResources, a: MatchAttributes): { matches: boolean; error?: MatchError } {
  const parsed = parsedSelector(criteria.objectSelector);
  if (!parsed.ok) return { matches: false, error: { message: parsed.error, code: 500 } };
  if (parsed.empty) return MATCHES;
  // Either the new or the old object may carry the labels; a missing object never matches.
  const hit = (o: Json | undefined) => o !== undefined && o !== null && labelsMatch(parsed, labelsOf(o));
  return hit(a.object) || hit(a.oldObject) ? MATCHES : MISSES;
}

/**
 * Whether matching against these criteria reads the object: only a non-empty object selector
 * does (besides the namespace selector of a request on a namespace itself, see namespaceLabels).
 */
export function selectsByObject(criteria: MatchResources): boolean {
  const parsed = parsedSelector(criteria.objectSelector);
  return !parsed.ok || !parsed.empty;
}

/** Whether namespaceLabels reads the request's object rather than a stored namespace. */
export function isNamespaceWrite(a: Pick<MatchAttributes, 'resource' | 'subResource' | 'operation'>): boolean {
  return (
    a.resource.resource === 'namespaces' &&
    a.resource.group === '' &&
    a.subResource === '' &&
    (a.operation === 'CREATE' || a.operation === 'UPDATE')
  );
}

const MATCHES: { matches: boolean } = { matches: true };
const MISSES: { matches: boolean } = { matches: false };

function named(rule: NamedRule, name: string): boolean {
  return rule.resourceNames.length === 0 || rule.resourceNames.includes(name);
}

/** Whether any rule matches, directly or (Equivalent) through an equivalent resource. */
function matchRules(
  rules: readonly NamedRule[],
  policy: MatchResources['matchPolicy'],
  a: MatchAttributes,
  ctx: MatchContext,
): MatchOutcome {
  const direct = { resource: a.resource, subResource: a.subResource, namespace: a.namespace, operation: a.operation };
  for (const rule of rules) {
    if (ruleMatches(rule, direct) && named(rule, a.name)) return { matches: true, resource: a.resource, kind: a.kind };
  }
  if (policy !== 'Equivalent') return NO_MATCH;
  const equivalents = equivalentsOf(ctx.state, a.resource, a.subResource);
  for (const rule of rules) {
    for (const e of equivalents) {
      if (ruleMatches(rule, { ...direct, resource: e.resource }) && named(rule, a.name))
        return { matches: true, resource: e.resource, kind: subresourceKindOf(e, a.subResource, a.kind) };
    }
  }
  return NO_MATCH;
}

/**
 * The rules' verdict on a request (excluded, else the included match) depends only on the
 * state and a few request attributes, which repeat from request to request: it is computed
 * once per criteria, state and attributes, and only the selectors are evaluated per request.
 */
interface RuleCache {
  state: State;
  /** Whether any rule names resources: only then does the request's name belong in the key. */
  byName: boolean;
  outcomes: Map<string, MatchOutcome>;
}

const ruleCaches = new WeakMap<MatchResources, RuleCache>();

/**
 * A request's keys into the rule caches: without and with its name. Undefined when a value
 * holds a NUL itself: two requests could then share a key, and such a request is matched
 * without the caches.
 */
export type RuleKeys = { base: string; named: string } | undefined;

/**
 * True when a key joined by NUL from `fields` values holds no NUL but its separators, so
 * that no other values give the same key.
 */
export function joinedUnambiguously(key: string, fields: number): boolean {
  let separators = 0;
  for (let at = key.indexOf('\u0000'); at !== -1; at = key.indexOf('\u0000', at + 1)) separators++;
  return separators === fields - 1;
}

/**
 * Built once per request and pass (every policy and binding asks with the same attributes):
 * building and hashing a fresh key string per criteria showed in profiles.
 */
export function ruleKeysOf(a: MatchAttributes): RuleKeys {
  const r = a.resource;
  const k = a.kind;
  // Rule scopes only ask whether the namespace is empty, not which one it is.
  const named = `${r.group}\u0000${r.version}\u0000${r.resource}\u0000${a.subResource}\u0000${a.operation}\u0000${a.namespace === '' ? '' : 'ns'}\u0000${k.group}\u0000${k.version}\u0000${k.kind}\u0000${a.name}`;
  if (!joinedUnambiguously(named, 10)) return undefined;
  return { base: named.slice(0, named.lastIndexOf('\u0000')), named };
}

/** A bound on distinct keys per criteria: request attributes come from clients. */
const MAX_RULE_OUTCOMES = 512;

function rulesOutcome(criteria: MatchResources, a: MatchAttributes, keys: RuleKeys, ctx: MatchContext): MatchOutcome {
  let cache = ruleCaches.get(criteria);
  if (!cache || cache.state !== ctx.state) {
    const byName =
      criteria.resourceRules.some((r) => r.resourceNames.length > 0) ||
      criteria.excludeResourceRules.some((r) => r.resourceNames.length > 0);
    cache = { state: ctx.state, byName, outcomes: new Map() };
    ruleCaches.set(criteria, cache);
  }
  const key = keys && (cache.byName ? keys.named : keys.base);
  const known = key === undefined ? undefined : cache.outcomes.get(key);
  if (known) return known;
  let outcome: MatchOutcome;
  if (matchRules(criteria.excludeResourceRules, criteria.matchPolicy, a, ctx).matches) outcome = NO_MATCH;
  else if (criteria.resourceRules.length > 0) outcome = matchRules(criteria.resourceRules, criteria.matchPolicy, a, ctx);
  else outcome = { matches: true, resource: a.resource, kind: a.kind };
  if (key === undefined) return outcome;
  return keepBounded(cache.outcomes, MAX_RULE_OUTCOMES, key, outcome);
}

/** `keys` are `ruleKeysOf(a)`, for callers matching one request against many criteria. */
export function matchResources(
  criteria: MatchResources,
  a: MatchAttributes,
  ctx: MatchContext,
  keys: RuleKeys = ruleKeysOf(a),
): MatchOutcome {
  // Upstream checks the selectors before the rules; every check is free of side effects and
  // any plain "no" gives NO_MATCH, so asking the (cached) rules first gives the same outcome.
  const included = rulesOutcome(criteria, a, keys, ctx);
  if (!included.matches) return NO_MATCH;
  const ns = matchNamespace(criteria, a, ctx);
  if (!ns.matches && !ns.error) return NO_MATCH;
  const obj = matchObject(criteria, a);
  if (!obj.matches && !obj.error) return NO_MATCH;
  if (ns.error) return { matches: false, error: ns.error };
  if (obj.error) return { matches: false, error: obj.error };
  return included;
}

/** Requests no policy ever sees: DELETE, and the policies and bindings themselves. */
export function neverMatched(a: Pick<MatchAttributes, 'operation' | 'resource'>): boolean {
  if (a.operation !== 'CREATE' && a.operation !== 'UPDATE' && a.operation !== 'CONNECT') return true;
  return (
    a.resource.group === 'admissionregistration.plat.io' &&
    (a.resource.resource === 'mutatingadmissionpolicies' ||
      a.resource.resource === 'mutatingadmissionpolicybindings' ||
      a.resource.resource === 'validatingadmissionpolicies' ||
      a.resource.resource === 'validatingadmissionpolicybindings')
  );
}
