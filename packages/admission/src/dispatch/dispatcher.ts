// Runs the invocations selected for a request (invocation-selection.ts), in order, each on
// the object the previous one produced, and a second pass over the IfNeeded ones when the
// first changed the object: the reinvocation the API server's admission chain would make,
// emulated here since the webhook hosts the policies. Our reading of upstream's
// mutating/dispatcher.go (dispatcher.dispatchInvocations, dispatchOne).
import type { EvaluateOptions } from '@platlint/cel';
import { compilePolicy } from '../evaluate/compile.js';
import { StatusFailure } from '../evaluate/failures.js';
import { runInvocation, type InvocationInput, type InvocationResult, type SizedObject } from './invocation.js';
import { deepEqual, isObject, type Json } from '../json.js';
import { apiVersionOf } from '../state/kinds.js';
import type { AdmissionRecord } from './admission-record.js';
import { matchAttributes, reusableInvocations, selectInvocations, type Invocation } from './invocation-selection.js';
import { ReinvocationContext } from './reinvocation-context.js';
import { sameKind, type RequestContext } from './request-context.js';

interface Invoked {
  object: Json | undefined;
  applied: number;
  matched: boolean;
  /** The object differs from the one the invocation started from (compared once, here). */
  changed: boolean;
}

export class Dispatcher {
  private readonly reinvocation = new ReinvocationContext();
  /** The first pass's invocations, when matching them recorded no failure (see reusableInvocations). */
  private firstPass?: readonly Invocation[];

  constructor(
    private readonly context: RequestContext,
    private readonly record: AdmissionRecord,
    private readonly evaluate: EvaluateOptions,
    /** The object as the invocations so far left it. */
    public object: Json | undefined,
    /** A bound on the size of the request's object as JSON, when the caller knows one. */
    private readonly sized?: SizedObject,
  ) {}

  /** Both passes; a StatusFailure (a refusal whatever the failure policy) ends the admission. */
  run(): void {
    this.pass(false);
    if (this.record.failures.length === 0 && this.reinvocation.shouldReinvoke) {
      this.record.pass = 2;
      this.pass(true);
    }
  }

  private pass(reinvocation: boolean): void {
    const { prepared, request } = this.context;
    const recorded = this.record.recorded;
    const list =
      (reinvocation && reusableInvocations(prepared, request, this.firstPass)) ||
      selectInvocations(prepared, matchAttributes(request, this.object), this.record);
    if (!reinvocation && this.record.recorded === recorded) this.firstPass = list;
    if (list.length === 0 || (reinvocation && this.nothingToReinvoke(list))) return;
    let dirty = false;
    for (const inv of list) {
      // Upstream evaluates an invocation's match conditions before it looks at the queue, so
      // in the second pass their errors still count for invocations it does not re-run.
      const conditionsOnly = reinvocation && !this.reinvocation.reinvokes(inv.key);
      const { object, applied, matched, changed } = this.invoke(inv, conditionsOnly);
      if (conditionsOnly) continue;
      this.object = object;
      if (!matched) continue;
      if (applied > 0) dirty = true;
      if (changed) this.reinvocation.objectChanged();
      if (inv.policy.spec.reinvocationPolicy === 'IfNeeded') this.reinvocation.addPreviouslyInvoked(inv.key);
    }
    // Every successful mutation marks the object dirty, which asks for a second pass.
    if (dirty) this.reinvocation.objectChanged();
  }

  /**
   * A second pass over the first pass's invocations that re-runs none of them, when none has
   * match conditions to evaluate again: each would return at once (their warnings were given
   * in the first pass), so the pass is skipped. It is the usual case of policies that never
   * ask for reinvocation.
   */
  private nothingToReinvoke(list: readonly Invocation[]): boolean {
    if (list !== this.firstPass || this.reinvocation.reinvokesAny) return false;
    for (const inv of list) if (inv.policy.spec.matchConditions.length > 0) return false;
    return true;
  }

  private invoke(inv: Invocation, conditionsOnly: boolean): Invoked {
    const { policy, binding, paramName: param } = inv;
    const compiled = compilePolicy(policy);
    if (!compiled.ok) {
      // Already reported in the first pass.
      if (!conditionsOnly)
        this.record.fail(
          policy,
          { policy: policy.name, binding: binding.name, kind: 'compile', cause: compiled.message, reason: 'Invalid' },
          param,
        );
      return this.untouched();
    }
    // A second-pass invocation that is not re-run only has its match conditions evaluated:
    // without any, nothing can come of it, and preparing its activation cost more than the
    // rest of the reinvocation pass.
    if (conditionsOnly && compiled.compiled.matchConditions.length === 0) return this.untouched();
    const facts = this.context.kindFacts(inv.kind);

    // Matched through an equivalent resource: the policy sees the object in the matched
    // version. Only the apiVersion differs between the versions this engine knows.
    const r = this.context.request;
    const converted =
      !sameKind(inv.kind, r.kind) &&
      isObject(this.object) &&
      this.object.apiVersion === apiVersionOf(r.kind.group, r.kind.version);
    const matchedVersion = converted ? apiVersionOf(inv.kind.group, inv.kind.version) : '';

    const result = this.runRecorded(inv, {
      compiled: compiled.compiled,
      failurePolicy: policy.spec.failurePolicy,
      object: converted ? relabel(this.object, matchedVersion) : this.object,
      sized: this.sized,
      oldObject: converted ? relabel(r.oldObject, matchedVersion) : r.oldObject,
      request: this.context.celRequestFor(inv.kind, inv.resource),
      params: inv.param,
      hasParams: policy.spec.paramKind !== undefined,
      namespaceObject: this.context.namespaceObject(),
      kind: inv.kind,
      schema: facts?.schema,
      strict: facts?.source === 'catalog',
      evaluate: this.evaluate,
      conditionsOnly,
    });
    for (const e of result.errors)
      this.record.fail(
        policy,
        { policy: policy.name, binding: binding.name, kind: e.kind, cause: e.cause, reason: e.reason },
        param,
      );
    if (result.errors.length === 0 && !result.matched && !conditionsOnly)
      this.record.outcome(policy.name, binding.name, param, 'skipped');
    const next = !result.matched
      ? this.object
      : converted
        ? relabel(result.object, apiVersionOf(r.kind.group, r.kind.version))
        : result.object;
    const changed = result.matched && !deepEqual(next, this.object);
    if (result.matched && result.applied > 0)
      this.record.outcome(policy.name, binding.name, param, changed ? 'mutated' : 'unchanged');
    return { object: next, applied: result.applied, matched: result.matched, changed };
  }

  private untouched(): Invoked {
    return { object: this.object, applied: 0, matched: false, changed: false };
  }

  /**
   * Runs an invocation; a failure that refuses the request whatever the failure policy (a kind
   * without a schema, a patch the decoder refuses) is recorded as the invocation's outcome
   * before it ends the admission, so the metrics and the denial's log name its policy and
   * binding, as upstream's dispatcher observes a rejection before it returns the status error.
   */
  private runRecorded(inv: Invocation, input: InvocationInput): InvocationResult {
    try {
      return runInvocation(input);
    } catch (e) {
      if (e instanceof StatusFailure)
        this.record.outcome(inv.policy.name, inv.binding.name, inv.paramName, 'failed', { kind: e.kind, message: e.message });
      throw e;
    }
  }
}

/** The object under another apiVersion of its kind (a copy; nothing else differs between versions here). */
function relabel(o: Json | undefined, apiVersion: string): Json | undefined {
  return isObject(o) && o.apiVersion !== undefined ? { ...o, apiVersion } : o;
}
