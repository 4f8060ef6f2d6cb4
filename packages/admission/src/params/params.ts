// The param objects of a (policy, binding) pair (upstream generic/policy_dispatcher.go,
// CollectParams): each one found
// is a separate invocation; without paramKind or paramRef there is one with `params` null.
import { labelsOf, metadataString, type JsonObject } from '../json.js';
import { labelsMatch, parseSelector } from '../match/selectors.js';
import { kindFactsByApiVersion, type KindFacts } from '../state/kinds.js';
import type { Binding, Policy } from '../state/policy-types.js';
import type { State } from '../state/state.js';

export type ParamsOutcome =
  | { ok: true; params: (JsonObject | null)[]; kind?: KindFacts }
  /** `policy` problems concern the policy alone (its paramKind); `binding` ones the pair. */
  | { ok: false; scope: 'policy' | 'binding'; message: string };

export function collectParams(state: State, policy: Policy, binding: Binding, requestNamespace: string): ParamsOutcome {
  const paramKind = policy.spec.paramKind;
  if (!paramKind) return { ok: true, params: [null] };
  const kind = kindFactsByApiVersion(state, paramKind.apiVersion, paramKind.kind);
  if (!kind)
    return {
      ok: false,
      scope: 'policy',
      message: `paramKind ${paramKind.apiVersion}, Kind=${paramKind.kind} is not a known kind (neither in the catalog nor a CRD of the state)`,
    };
  const ref = binding.spec.paramRef;
  if (!ref) return { ok: true, params: [null], kind };

  let namespace = '';
  if (kind.namespaced) {
    namespace = ref.namespace ?? requestNamespace;
    if (namespace === '')
      return {
        ok: false,
        scope: 'binding',
        message: 'cannot use namespaced paramRef in policy binding that matches cluster-scoped resources',
      };
  } else if (ref.namespace) {
    return { ok: false, scope: 'binding', message: 'paramRef.namespace must not be provided for a cluster-scoped `paramKind`' };
  }

  const ofKind = state.params.filter(
    (o) =>
      o.apiVersion === paramKind.apiVersion &&
      o.kind === paramKind.kind &&
      (!kind.namespaced || metadataString(o, 'namespace') === namespace),
  );
  let found: JsonObject[];
  if (ref.name !== undefined) {
    if (ref.selector)
      return { ok: false, scope: 'binding', message: 'paramRef.name and paramRef.selector are mutually exclusive' };
    found = ofKind.filter((o) => metadataString(o, 'name') === ref.name);
  } else if (ref.selector) {
    const parsed = parseSelector(ref.selector);
    if (!parsed.ok) return { ok: false, scope: 'binding', message: `invalid paramRef.selector: ${parsed.error}` };
    found = ofKind.filter((o) => labelsMatch(parsed, labelsOf(o)));
  } else {
    return { ok: false, scope: 'binding', message: 'one of paramRef.name or paramRef.selector must be provided' };
  }

  if (found.length === 0 && ref.parameterNotFoundAction === 'Deny') {
    return { ok: false, scope: 'binding', message: 'no params found for policy binding with `Deny` parameterNotFoundAction' };
  }
  return { ok: true, params: found, kind };
}
