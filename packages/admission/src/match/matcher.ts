// MatchResources against a request, in upstream's order (mutating-admission.md §3):
// namespace selector, object selector, exclude rules, resource rules. A selector that fails
// to match short-circuits; a broken selector or an unknown namespace is an error only once
// the rules match.
import { labelsOf, type Json, type JsonObject } from '../json.js';
import type { MatchResources, NamedRule } from '../state/policy-types.js';
import type { State } from '../state/state.js';
import type { GroupVersionKind, GroupVersionResource } from '../types.js';
import { equivalentsOf } from './equivalents.js';
import { ruleMatches } from './rules.js';
import { labelsMatch, parseSelector } from './selectors.js';

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
export interface MatchError {
  message: string;
  code?: number;
}

export type MatchOutcome = { matches: false; error?: MatchError } | { matches: true; resource: GroupVersionResource; kind: GroupVersionKind };

const NO_MATCH: MatchOutcome = { matches: false };

export interface MatchContext {
  state: State;
  /** The namespace object of a request, if the state has it. */
  namespaceOf: (name: string) => JsonObject | undefined;
}

function namespaceLabels(a: MatchAttributes, ctx: MatchContext): Record<string, string> | undefined {
  // The namespace being created or updated is not stored yet: its own labels count.
  if (a.resource.resource === 'namespaces' && a.resource.group === '' && a.subResource === '' && (a.operation === 'CREATE' || a.operation === 'UPDATE')) {
    return labelsOf(a.object);
  }
  const ns = ctx.namespaceOf(a.namespace);
  return ns ? labelsOf(ns) : undefined;
}

function matchNamespace(criteria: MatchResources, a: MatchAttributes, ctx: MatchContext): { matches: boolean; error?: MatchError } {
  // Cluster-scoped requests other than namespaces are never exempted.
  if (a.namespace === '' && a.resource.resource !== 'namespaces') return { matches: true };
  const parsed = parseSelector(criteria.namespaceSelector);
  if (!parsed.ok) return { matches: false, error: { message: parsed.error, code: 500 } };
  if (parsed.empty) return { matches: true };
  const labels = namespaceLabels(a, ctx);
  if (!labels) return { matches: false, error: { message: `namespaces "${a.namespace}" not found`, code: 404 } };
  return { matches: labelsMatch(parsed, labels) };
}

function matchObject(criteria: MatchResources, a: MatchAttributes): { matches: boolean; error?: MatchError } {
  const parsed = parseSelector(criteria.objectSelector);
  if (!parsed.ok) return { matches: false, error: { message: parsed.error, code: 500 } };
  if (parsed.empty) return { matches: true };
  // Either the new or the old object may carry the labels; a missing object never matches.
  const hit = (o: Json | undefined) => o !== undefined && o !== null && labelsMatch(parsed, labelsOf(o));
  return { matches: hit(a.object) || hit(a.oldObject) };
}

function named(rule: NamedRule, name: string): boolean {
  return rule.resourceNames.length === 0 || rule.resourceNames.includes(name);
}

/** Whether any rule matches, directly or (Equivalent) through an equivalent resource. */
function matchRules(rules: readonly NamedRule[], policy: MatchResources['matchPolicy'], a: MatchAttributes, ctx: MatchContext): MatchOutcome {
  const direct = { resource: a.resource, subResource: a.subResource, namespace: a.namespace, operation: a.operation };
  for (const rule of rules) {
    if (ruleMatches(rule, direct) && named(rule, a.name)) return { matches: true, resource: a.resource, kind: a.kind };
  }
  if (policy !== 'Equivalent') return NO_MATCH;
  const equivalents = equivalentsOf(ctx.state, a.resource, a.subResource);
  for (const rule of rules) {
    for (const e of equivalents) {
      if (ruleMatches(rule, { ...direct, resource: e.resource }) && named(rule, a.name)) return { matches: true, resource: e.resource, kind: e.kind };
    }
  }
  return NO_MATCH;
}

export function matchResources(criteria: MatchResources, a: MatchAttributes, ctx: MatchContext): MatchOutcome {
  const ns = matchNamespace(criteria, a, ctx);
  if (!ns.matches && !ns.error) return NO_MATCH;
  const obj = matchObject(criteria, a);
  if (!obj.matches && !obj.error) return NO_MATCH;
  if (matchRules(criteria.excludeResourceRules, criteria.matchPolicy, a, ctx).matches) return NO_MATCH;
  const included: MatchOutcome = criteria.resourceRules.length > 0 ? matchRules(criteria.resourceRules, criteria.matchPolicy, a, ctx) : { matches: true, resource: a.resource, kind: a.kind };
  if (!included.matches) return NO_MATCH;
  if (ns.error) return { matches: false, error: ns.error };
  if (obj.error) return { matches: false, error: obj.error };
  return included;
}

/** Requests no policy ever sees: DELETE, and the policies and bindings themselves. */
export function neverMatched(a: Pick<MatchAttributes, 'operation' | 'resource'>): boolean {
  if (a.operation !== 'CREATE' && a.operation !== 'UPDATE' && a.operation !== 'CONNECT') return true;
  return a.resource.group === 'admissionregistration.plat.io' && (a.resource.resource === 'mutatingadmissionpolicies' || a.resource.resource === 'mutatingadmissionpolicybindings' || a.resource.resource === 'validatingadmissionpolicies' || a.resource.resource === 'validatingadmissionpolicybindings');
}
