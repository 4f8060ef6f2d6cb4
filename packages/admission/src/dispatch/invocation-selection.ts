// Which invocations apply to a request: each policy whose match constraints match, with each
// of its bindings whose match resources match, once per param object of the binding. Our
// reading of upstream's generic/policy_dispatcher.go (policyDispatcher.Dispatch, which collects
// the relevant hooks before handing them to the mutating dispatcher). Running them is
// dispatcher.ts's job.
import type { Json, JsonObject } from '../json.js';
import { isObject } from '../json.js';
import {
  isNamespaceWrite,
  joinedUnambiguously,
  matchResources,
  ruleKeysOf,
  type MatchAttributes,
  type MatchContext,
  type MatchOutcome,
} from '../match/matcher.js';
import { collectParams } from '../params/params.js';
import type { Binding, Policy } from '../state/policy-types.js';
import { bindingsOf } from '../state/state.js';
import type { AdmissionRequest, GroupVersionKind, GroupVersionResource } from '../types.js';
import type { AdmissionRecord } from './admission-record.js';
import type { PreparedState } from './prepared-state.js';

/** One policy, binding and param that applies to a request, with the kind and resource it matched as. */
export interface Invocation {
  policy: Policy;
  binding: Binding;
  param: JsonObject | null;
  /** `namespace/name` of the param object, for outcomes and messages. */
  paramName: string | undefined;
  kind: GroupVersionKind;
  resource: GroupVersionResource;
  /** Policy, binding and param: what the reinvocation context knows the invocation by. */
  key: string;
}

export function matchAttributes(request: AdmissionRequest, object: Json | undefined): MatchAttributes {
  return {
    kind: request.kind,
    resource: request.resource,
    subResource: request.subResource ?? '',
    name: request.name ?? '',
    namespace: request.namespace ?? '',
    operation: request.operation,
    object,
    oldObject: request.oldObject,
  };
}

/**
 * The invocations of a request. They depend only on the state and the request's kind,
 * resource, subresource, operation, namespace and name, unless some criteria select by object
 * labels or the request writes a namespace (its own labels then count): the others are
 * remembered per state. Matching that recorded a failure is not kept, so its failures are
 * recorded again for every request.
 */
export function selectInvocations(prepared: PreparedState, a: MatchAttributes, record: AdmissionRecord): readonly Invocation[] {
  const key = isNamespaceWrite(a) || prepared.selectsByObject ? undefined : matchedKey(a);
  if (key === undefined) return matchInvocations(prepared, a, record);
  const known = prepared.matchedInvocations(key);
  if (known) return known;
  const recorded = record.recorded;
  const list = matchInvocations(prepared, a, record);
  if (record.recorded === recorded) prepared.rememberMatched(key, list);
  return list;
}

/**
 * The second pass matches the mutated object. Matching reads the object only through
 * object selectors (and a namespace request's own labels); without those, it gives the
 * first pass's invocations again, and recomputing them was a third of the second pass.
 * `firstPass` is given only when the first pass's matching recorded no failure: the second
 * records its failures again.
 */
export function reusableInvocations(
  prepared: PreparedState,
  request: AdmissionRequest,
  firstPass: readonly Invocation[] | undefined,
): readonly Invocation[] | undefined {
  if (
    !firstPass ||
    isNamespaceWrite({ resource: request.resource, subResource: request.subResource ?? '', operation: request.operation }) ||
    prepared.selectsByObject
  )
    return undefined;
  return firstPass;
}

const MATCHED_KEY_FIELDS = 10;

/**
 * The attributes joined by NUL; undefined when a value holds a NUL itself (two requests could
 * then share a key). Joined from a list rather than by a template: a template of 19 parts is
 * a chain of 19 string pieces (about 600 bytes per request), which the NUL count and the
 * cache's hash then flatten into a copy; a join writes the one flat string.
 */
function matchedKey(a: MatchAttributes): string | undefined {
  const r = a.resource;
  const k = a.kind;
  const key = [r.group, r.version, r.resource, a.subResource, a.operation, a.namespace, a.name, k.group, k.version, k.kind].join(
    '\u0000',
  );
  return joinedUnambiguously(key, MATCHED_KEY_FIELDS) ? key : undefined;
}

function matchInvocations(prepared: PreparedState, a: MatchAttributes, record: AdmissionRecord): readonly Invocation[] {
  const state = prepared.state;
  const ctx: MatchContext = { state, namespaceOf: (name) => state.namespaces.get(name) };
  const keys = ruleKeysOf(a);
  const out: Invocation[] = [];
  for (const policy of state.policies) {
    const bindings = bindingsOf(state, policy);
    // A policy without bindings does nothing.
    if (bindings.length === 0) continue;
    const outcome = matchResources(policy.spec.matchConstraints, a, ctx, keys);
    if (!checkMatch(record, outcome, policy, undefined) || !outcome.matches) continue;
    for (const binding of bindings) {
      if (
        binding.spec.matchResources &&
        !checkMatch(record, matchResources(binding.spec.matchResources, a, ctx, keys), policy, binding)
      )
        continue;
      const params = collectParams(state, policy, binding, a.namespace);
      if (!params.ok) {
        record.fail(policy, {
          policy: policy.name,
          binding: binding.name,
          kind: params.scope === 'policy' ? 'policy-config' : 'params',
          cause: params.message,
          reason: 'Forbidden',
        });
        continue;
      }
      for (const param of params.params) {
        const paramId = param
          ? `${String(param.apiVersion)}/${String(param.kind)}/${metaOf(param, 'namespace')}/${metaOf(param, 'name')}`
          : '';
        out.push({
          policy,
          binding,
          param,
          paramName: paramName(param),
          kind: outcome.kind,
          resource: outcome.resource,
          key: `${policy.name}\u0000${binding.name}\u0000${paramId}`,
        });
      }
    }
  }
  return out;
}

function checkMatch(record: AdmissionRecord, outcome: MatchOutcome, policy: Policy, binding: Binding | undefined): boolean {
  if (outcome.matches) return true;
  if (!outcome.error) return false;
  // Every matching error, an unknown namespace behind a namespace selector included, is a
  // configuration error of the policy or binding that its failure policy decides, as
  // upstream's dispatcher treats the matcher's errors.
  if (binding)
    record.fail(policy, {
      policy: policy.name,
      binding: binding.name,
      kind: 'binding-config',
      cause: outcome.error.message,
      reason: 'Forbidden',
    });
  else
    record.fail(policy, {
      policy: policy.name,
      binding: '',
      kind: 'policy-config',
      cause: outcome.error.message,
      reason: 'Forbidden',
    });
  return false;
}

function paramName(param: JsonObject | null): string | undefined {
  if (!param) return undefined;
  const namespace = metaOf(param, 'namespace');
  return namespace ? `${namespace}/${metaOf(param, 'name')}` : metaOf(param, 'name');
}

function metaOf(o: JsonObject, field: string): string {
  return isObject(o.metadata) && typeof o.metadata[field] === 'string' ? (o.metadata[field] as string) : '';
}
