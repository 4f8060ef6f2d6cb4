// The engine's entry point: one AdmissionRequest through every policy of the state.
// Policies run in load order, each with its bindings in load order and each binding once
// per param. A second pass re-runs the IfNeeded invocations when the first one mutated
// anything (the reinvocation the API server's admission chain would make, emulated here
// since the webhook hosts the policies; mutating-admission.md §8).
import type { CelAuthorizer, EvaluateOptions } from '@platlint/cel';
import { compilePolicy } from './evaluate/compile.js';
import { failureMessage, StatusFailure, type PolicyFailure } from './evaluate/failures.js';
import { runInvocation, type InvocationInput, type InvocationResult } from './evaluate/invocation.js';
import { clone, deepEqual, isObject, type Json, type JsonObject } from './json.js';
import { isNamespaceWrite, joinedUnambiguously, matchResources, neverMatched, ruleKeysOf, selectsByObject, type MatchAttributes, type MatchContext, type MatchOutcome } from './match/matcher.js';
import { diffToPatch } from './merge/diff.js';
import { collectParams } from './params/params.js';
import { apiVersionOf, kindFacts, type KindFacts } from './state/kinds.js';
import type { Binding, Policy } from './state/policy-types.js';
import { bindingsOf, type State } from './state/state.js';
import type { AdmissionRequest, AdmissionResult, GroupVersionKind, GroupVersionResource, PolicyOutcome } from './types.js';

export interface AdmitOptions {
  /** Answers `authorizer` checks; the offline authorizer (denies everything) by default. */
  authorizer?: CelAuthorizer;
  /** Runtime cost budget per expression (the cel package's default otherwise). */
  costLimit?: number;
  /** Time budget of the whole request in milliseconds; an expression past it fails. */
  timeoutMs?: number;
  /**
   * The caller hands `request.object` over: it will not change it, nor the result's object
   * (which then shares unchanged parts with it), so the engine need not copy it first. The
   * webhook parses each request for this call alone; library callers keep the copy.
   */
  handOver?: boolean;
}

interface Invocation {
  policy: Policy;
  binding: Binding;
  param: JsonObject | null;
  kind: GroupVersionKind;
  resource: GroupVersionResource;
  key: string;
}

interface Run {
  state: State;
  request: AdmissionRequest;
  options: AdmitOptions;
  object: Json | undefined;
  failures: PolicyFailure[];
  warnings: string[];
  outcomes: PolicyOutcome[];
  /** The pass running: 1, or 2 for the reinvocation. */
  pass: 1 | 2;
  /** IfNeeded invocations run since the object last changed. */
  previouslyInvoked: Set<string>;
  /** Invocations the second pass re-runs. */
  reinvoke: Set<string>;
  shouldReinvoke: boolean;
  /** The kind facts last looked up: invocations of a request mostly ask for the kind they were matched as, one object. */
  facts?: { kind: GroupVersionKind; facts: KindFacts | undefined };
  /** The first pass's invocations, when matching them recorded no failure (see reusableInvocations). */
  firstPassInvocations?: readonly Invocation[];
  /** The CEL `namespaceObject`, once a pass has asked for it. */
  namespaceObject?: JsonObject | null;
  /** Options of every CEL evaluation of this admission (authorizer, cost limit, deadline). */
  evaluate: EvaluateOptions;
  /** The CEL `request` last built, for the kind and resource it was built for. */
  celRequest?: { kind: GroupVersionKind; resource: GroupVersionResource; value: JsonObject };
}

export function admit(state: State, request: AdmissionRequest, options: AdmitOptions = {}): AdmissionResult {
  // One copy, so the result never shares anything with the caller's request. The engine
  // itself never changes an object in place (merges and patches copy what they change), so
  // the working object may start as that same copy, and unchanged subtrees stay shared with
  // it: comparing and diffing them is then an identity check.
  const original = request.object === undefined || options.handOver ? request.object : clone(request.object);
  const deadline = options.timeoutMs !== undefined ? Date.now() + options.timeoutMs : undefined;
  const evaluate: EvaluateOptions = {};
  if (options.authorizer) evaluate.authorizer = options.authorizer;
  if (options.costLimit !== undefined) evaluate.costLimit = options.costLimit;
  if (deadline !== undefined) evaluate.deadline = deadline;
  const run: Run = {
    state,
    request,
    options,
    evaluate,
    object: original,
    failures: [],
    warnings: [],
    outcomes: [],
    pass: 1,
    previouslyInvoked: new Set(),
    reinvoke: new Set(),
    shouldReinvoke: false,
  };
  const uid = request.uid ?? '';
  const allow = (object: Json | undefined): AdmissionResult => ({ uid, allowed: true, object, patch: diffToPatch(original, object), warnings: dedupe(run.warnings), auditAnnotations: {}, outcomes: run.outcomes });

  if (neverMatched({ operation: request.operation, resource: request.resource })) return allow(original);
  try {
    pass(run, false);
    if (run.failures.length === 0 && run.shouldReinvoke) {
      run.pass = 2;
      pass(run, true);
    }
  } catch (e) {
    if (!(e instanceof StatusFailure)) throw e;
    return { uid, allowed: false, object: original, patch: [], warnings: dedupe(run.warnings), auditAnnotations: {}, outcomes: run.outcomes, status: { status: 'Failure', code: e.code, reason: e.reason, message: e.message } };
  }
  if (run.failures.length > 0) {
    const messages = run.failures.map(failureMessage);
    const first = run.failures[0] as PolicyFailure;
    return {
      uid,
      allowed: false,
      object: original,
      patch: [],
      warnings: dedupe(run.warnings),
      auditAnnotations: {},
      outcomes: run.outcomes,
      status: { status: 'Failure', code: 403, reason: first.reason, message: messages[0] as string, details: { causes: messages.map((message) => ({ message })) } },
    };
  }
  return allow(run.object);
}

function dedupe(items: string[]): string[] {
  // Most requests draw no warning at all.
  return items.length < 2 ? items : [...new Set(items)];
}

function attributes(run: Run): MatchAttributes {
  const r = run.request;
  return {
    kind: r.kind,
    resource: r.resource,
    subResource: r.subResource ?? '',
    name: r.name ?? '',
    namespace: r.namespace ?? '',
    operation: r.operation,
    object: run.object,
    oldObject: r.oldObject,
  };
}

// Errors that belong to a policy follow its failure policy; Ignore turns them into warnings.
function fail(run: Run, policy: Policy, failure: PolicyFailure, param?: string): void {
  const message = failureMessage(failure);
  const ignored = policy.spec.failurePolicy === 'Ignore';
  // A failure of the policy itself belongs to no binding (its message names none).
  const binding = failure.kind === 'policy-config' ? '' : failure.binding;
  run.outcomes.push({ policy: failure.policy, binding, ...(param ? { param } : {}), pass: run.pass, outcome: ignored ? 'ignored' : 'failed', failure: { kind: failure.kind, message } });
  if (ignored) {
    run.warnings.push(`${message} (ignored: failurePolicy Ignore)`);
    return;
  }
  run.failures.push(failure);
}

function checkMatch(run: Run, outcome: MatchOutcome, policy: Policy, binding: Binding | undefined): boolean {
  if (outcome.matches) return true;
  if (!outcome.error) return false;
  // Every matching error, an unknown namespace behind a namespace selector included, is a
  // configuration error of the policy or binding that its failure policy decides, as
  // upstream's dispatcher treats the matcher's errors.
  if (binding) fail(run, policy, { policy: policy.name, binding: binding.name, kind: 'binding-config', cause: outcome.error.message, reason: 'Forbidden' });
  else fail(run, policy, { policy: policy.name, binding: '', kind: 'policy-config', cause: outcome.error.message, reason: 'Forbidden' });
  return false;
}

/**
 * What matching gave a request, per state: the invocations depend only on the state and the
 * request's kind, resource, subresource, operation, namespace and name, unless some criteria
 * select by object labels or the request writes a namespace (its own labels then count);
 * those requests are matched every time. Matching that recorded a failure is not kept, so
 * its failures are recorded again for every request. Keys come from requests, hence the bound.
 */
const matchedInvocations = new WeakMap<State, Map<string, readonly Invocation[]>>();
const MAX_MATCHED_REQUESTS = 1024;

const MATCHED_KEY_FIELDS = 10;

/** The attributes joined by NUL; undefined when a value holds a NUL itself (two requests could then share a key). */
function matchedKey(a: MatchAttributes): string | undefined {
  const r = a.resource;
  const k = a.kind;
  const key = `${r.group}\u0000${r.version}\u0000${r.resource}\u0000${a.subResource}\u0000${a.operation}\u0000${a.namespace}\u0000${a.name}\u0000${k.group}\u0000${k.version}\u0000${k.kind}`;
  return joinedUnambiguously(key, MATCHED_KEY_FIELDS) ? key : undefined;
}

function cachedInvocations(run: Run): readonly Invocation[] {
  const a = attributes(run);
  const key = isNamespaceWrite(a) || stateSelectsByObject(run.state) ? undefined : matchedKey(a);
  if (key === undefined) return invocations(run, a);
  let byRequest = matchedInvocations.get(run.state);
  if (!byRequest) matchedInvocations.set(run.state, (byRequest = new Map()));
  const known = byRequest.get(key);
  if (known) return known;
  const recorded = run.outcomes.length;
  const list = invocations(run, a);
  if (run.outcomes.length === recorded) {
    if (byRequest.size >= MAX_MATCHED_REQUESTS) byRequest.clear();
    byRequest.set(key, list);
  }
  return list;
}

function invocations(run: Run, a: MatchAttributes): readonly Invocation[] {
  const ctx: MatchContext = { state: run.state, namespaceOf: (name) => run.state.namespaces.get(name) };
  const keys = ruleKeysOf(a);
  const out: Invocation[] = [];
  for (const policy of run.state.policies) {
    const bindings = bindingsOf(run.state, policy);
    // A policy without bindings does nothing.
    if (bindings.length === 0) continue;
    const outcome = matchResources(policy.spec.matchConstraints, a, ctx, keys);
    if (!checkMatch(run, outcome, policy, undefined) || !outcome.matches) continue;
    for (const binding of bindings) {
      if (binding.spec.matchResources && !checkMatch(run, matchResources(binding.spec.matchResources, a, ctx, keys), policy, binding)) continue;
      const params = collectParams(run.state, policy, binding, a.namespace);
      if (!params.ok) {
        fail(run, policy, { policy: policy.name, binding: binding.name, kind: params.scope === 'policy' ? 'policy-config' : 'params', cause: params.message, reason: 'Forbidden' });
        continue;
      }
      for (const param of params.params) {
        const paramId = param ? `${String(param.apiVersion)}/${String(param.kind)}/${metaOf(param, 'namespace')}/${metaOf(param, 'name')}` : '';
        out.push({
          policy,
          binding,
          param,
          kind: outcome.kind,
          resource: outcome.resource,
          key: `${policy.name}\u0000${binding.name}\u0000${paramId}`,
        });
      }
    }
  }
  return out;
}

function paramName(param: JsonObject | null): string | undefined {
  if (!param) return undefined;
  const namespace = metaOf(param, 'namespace');
  return namespace ? `${namespace}/${metaOf(param, 'name')}` : metaOf(param, 'name');
}

function metaOf(o: JsonObject, field: string): string {
  return isObject(o.metadata) && typeof o.metadata[field] === 'string' ? (o.metadata[field] as string) : '';
}

function namespaceObject(run: Run): JsonObject | null {
  const r = run.request;
  const name = r.namespace ?? '';
  // A Namespace request carries its own name as namespace; it has no namespace object.
  if (name === '' || (r.kind.group === '' && r.kind.version === 'v1' && r.kind.kind === 'Namespace')) return null;
  // Offline, a namespace the state does not hold is taken as an unlabelled one.
  return run.state.namespaces.get(name) ?? { apiVersion: 'v1', kind: 'Namespace', metadata: { name } };
}

function requireReinvoking(run: Run): void {
  for (const key of run.previouslyInvoked) run.reinvoke.add(key);
  run.previouslyInvoked.clear();
}

// Whether any criteria of the state select by object labels: per state, as it never changes.
const selectingByObject = new WeakMap<State, boolean>();

function stateSelectsByObject(state: State): boolean {
  let selects = selectingByObject.get(state);
  if (selects === undefined) {
    selects = state.policies.some((p) => selectsByObject(p.spec.matchConstraints)) || state.bindings.some((b) => b.spec.matchResources !== undefined && selectsByObject(b.spec.matchResources));
    selectingByObject.set(state, selects);
  }
  return selects;
}

/**
 * The second pass matches the mutated object. Matching reads the object only through
 * object selectors (and a namespace request's own labels); without those, it gives the
 * first pass's invocations again, and recomputing them was a third of the second pass.
 * Only a first pass whose matching recorded no failure is reused: the second records its
 * failures again.
 */
function reusableInvocations(run: Run): readonly Invocation[] | undefined {
  if (!run.firstPassInvocations || isNamespaceWrite({ resource: run.request.resource, subResource: run.request.subResource ?? '', operation: run.request.operation }) || stateSelectsByObject(run.state)) return undefined;
  return run.firstPassInvocations;
}

/**
 * A second pass over the first pass's invocations that re-runs none of them, when none has
 * match conditions to evaluate again: each would return at once (their warnings were given
 * in the first pass), so the pass is skipped. It is the usual case of policies that never
 * ask for reinvocation.
 */
function nothingToReinvoke(run: Run, list: readonly Invocation[]): boolean {
  if (list !== run.firstPassInvocations || run.reinvoke.size > 0) return false;
  for (const inv of list) if (inv.policy.spec.matchConditions.length > 0) return false;
  return true;
}

function pass(run: Run, reinvocation: boolean): void {
  const recorded = run.outcomes.length;
  const list = (reinvocation && reusableInvocations(run)) || cachedInvocations(run);
  if (!reinvocation && run.outcomes.length === recorded) run.firstPassInvocations = list;
  if (list.length === 0 || (reinvocation && nothingToReinvoke(run, list))) return;
  // The same in both passes: it depends on the request's namespace and kind only.
  const nsObject = run.namespaceObject === undefined ? (run.namespaceObject = namespaceObject(run)) : run.namespaceObject;
  let dirty = false;
  for (const inv of list) {
    // Upstream evaluates an invocation's match conditions before it looks at the queue, so
    // in the second pass their errors still count for invocations it does not re-run.
    const conditionsOnly = reinvocation && !run.reinvoke.has(inv.key);
    const { object, applied, matched, changed } = invoke(run, inv, nsObject, conditionsOnly);
    if (conditionsOnly) continue;
    run.object = object;
    if (!matched) continue;
    if (applied > 0) dirty = true;
    if (changed) {
      requireReinvoking(run);
      run.shouldReinvoke = true;
    }
    if (inv.policy.spec.reinvocationPolicy === 'IfNeeded') run.previouslyInvoked.add(inv.key);
  }
  // Every successful mutation marks the object dirty, which asks for a second pass.
  if (dirty) {
    requireReinvoking(run);
    run.shouldReinvoke = true;
  }
}

// Kind facts per state and kind: looking them up in the catalog (or the CRDs) and building
// them showed in profiles for every invocation. Kinds come from requests, hence the bound.
const factsCache = new WeakMap<State, Map<string, KindFacts | undefined>>();

function cachedKindFacts(state: State, gvk: GroupVersionKind): KindFacts | undefined {
  let byKind = factsCache.get(state);
  if (!byKind) factsCache.set(state, (byKind = new Map()));
  const key = `${gvk.group}/${gvk.version}/${gvk.kind}`;
  if (byKind.has(key)) return byKind.get(key);
  const facts = kindFacts(state, gvk);
  if (byKind.size >= 512) byKind.clear();
  byKind.set(key, facts);
  return facts;
}

/**
 * The CEL `request` of an invocation. Invocations matched as the same kind and resource see
 * the same one (nothing changes it; CEL reads it through a wrapper), so it is built once per
 * admission rather than once per invocation.
 */
function celRequestFor(run: Run, inv: Invocation): JsonObject {
  const last = run.celRequest;
  if (last && sameKind(last.kind, inv.kind) && sameResource(last.resource, inv.resource)) return last.value;
  const r = run.request;
  const value: JsonObject = {
    uid: r.uid ?? '',
    kind: { ...inv.kind },
    resource: { ...inv.resource },
    subResource: r.subResource ?? '',
    requestKind: { ...(r.requestKind ?? r.kind) },
    requestResource: { ...(r.requestResource ?? r.resource) },
    requestSubResource: r.requestSubResource ?? r.subResource ?? '',
    name: r.name ?? '',
    namespace: r.namespace ?? '',
    operation: r.operation,
    userInfo: { ...(r.userInfo ?? {}) } as JsonObject,
    dryRun: r.dryRun ?? false,
  };
  if (r.options !== undefined) value.options = r.options;
  run.celRequest = { kind: inv.kind, resource: inv.resource, value };
  return value;
}

/** The object under another apiVersion of its kind (a copy; nothing else differs between versions here). */
function relabel(o: Json | undefined, apiVersion: string): Json | undefined {
  return isObject(o) && o.apiVersion !== undefined ? { ...o, apiVersion } : o;
}

function sameResource(a: GroupVersionResource, b: GroupVersionResource): boolean {
  return a.group === b.group && a.version === b.version && a.resource === b.resource;
}

function sameKind(a: GroupVersionKind, b: GroupVersionKind): boolean {
  return a.group === b.group && a.version === b.version && a.kind === b.kind;
}

/**
 * Runs an invocation; a failure that refuses the request whatever the failure policy (a kind
 * without a schema, a patch the decoder refuses) is recorded as the invocation's outcome
 * before it ends the admission, so the metrics and the denial's log name its policy and
 * binding, as upstream's dispatcher observes a rejection before it returns the status error.
 */
function runRecorded(run: Run, inv: Invocation, param: string | undefined, input: InvocationInput): InvocationResult {
  try {
    return runInvocation(input);
  } catch (e) {
    if (e instanceof StatusFailure) run.outcomes.push({ policy: inv.policy.name, binding: inv.binding.name, ...(param ? { param } : {}), pass: run.pass, outcome: 'failed', failure: { kind: e.kind, message: e.message } });
    throw e;
  }
}

/** `changed`: the object differs from the one the invocation started from (compared once, here). */
function invoke(run: Run, inv: Invocation, nsObject: JsonObject | null, conditionsOnly = false): { object: Json | undefined; applied: number; matched: boolean; changed: boolean } {
  const { policy, binding } = inv;
  if (run.facts?.kind !== inv.kind) run.facts = { kind: inv.kind, facts: cachedKindFacts(run.state, inv.kind) };
  const facts = run.facts.facts;
  const compiled = compilePolicy(policy);
  if (!compiled.ok) {
    // Already reported in the first pass.
    if (conditionsOnly) return { object: run.object, applied: 0, matched: false, changed: false };
    fail(run, policy, { policy: policy.name, binding: binding.name, kind: 'compile', cause: compiled.message, reason: 'Invalid' }, paramName(inv.param));
    return { object: run.object, applied: 0, matched: false, changed: false };
  }
  // A second-pass invocation that is not re-run only has its match conditions evaluated:
  // without any, nothing can come of it, and preparing its activation cost more than the
  // rest of the reinvocation pass.
  if (conditionsOnly && compiled.compiled.matchConditions.length === 0) return { object: run.object, applied: 0, matched: false, changed: false };

  // Matched through an equivalent resource: the policy sees the object in the matched
  // version. Only the apiVersion differs between the versions this engine knows.
  const r = run.request;
  const converted = !sameKind(inv.kind, r.kind) && isObject(run.object) && run.object.apiVersion === apiVersionOf(r.kind.group, r.kind.version);
  const matchedVersion = converted ? apiVersionOf(inv.kind.group, inv.kind.version) : '';

  const param = paramName(inv.param);
  const result = runRecorded(run, inv, param, {
    compiled: compiled.compiled,
    failurePolicy: policy.spec.failurePolicy,
    object: converted ? relabel(run.object, matchedVersion) : run.object,
    oldObject: converted ? relabel(r.oldObject, matchedVersion) : r.oldObject,
    request: celRequestFor(run, inv),
    params: inv.param,
    hasParams: policy.spec.paramKind !== undefined,
    namespaceObject: nsObject,
    kind: inv.kind,
    schema: facts?.schema,
    strict: facts?.source === 'catalog',
    evaluate: run.evaluate,
    conditionsOnly,
  });
  for (const e of result.errors) fail(run, policy, { policy: policy.name, binding: binding.name, kind: e.kind, cause: e.cause, reason: e.reason }, param);
  if (result.errors.length === 0 && !result.matched && !conditionsOnly) run.outcomes.push({ policy: policy.name, binding: binding.name, ...(param ? { param } : {}), pass: run.pass, outcome: 'skipped' });
  const next = !result.matched ? run.object : converted ? relabel(result.object, apiVersionOf(r.kind.group, r.kind.version)) : result.object;
  const changed = result.matched && !deepEqual(next, run.object);
  if (result.matched && result.applied > 0) {
    run.outcomes.push({ policy: policy.name, binding: binding.name, ...(param ? { param } : {}), pass: run.pass, outcome: changed ? 'mutated' : 'unchanged' });
  }
  return { object: next, applied: result.applied, matched: result.matched, changed };
}
