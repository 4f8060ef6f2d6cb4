// The immutable state the engine decides with: policies and bindings (in load order, so
// results are reproducible), param objects, namespaces and CRDs. A reload builds a new one.
import { deepFreeze, isDeeplyFrozen, isObject, metadataString, type JsonObject } from '../json.js';
import { readBinding, readPolicy } from './defaults.js';
import { ADMISSION_GROUP, BINDING_KIND, CRD_GROUP, CRD_KIND, NAMESPACE_KIND, POLICY_KIND, type Binding, type Policy } from './policy-types.js';


/** An object that was not taken into the state, and why. */
export interface LoadProblem {
  file: string;
  /** 1-based line and column of the finding. */
  line: number;
  column: number;
  /** `Kind/name` of the skipped object, when it had one. */
  object?: string;
  ruleId: string;
  message: string;
}

export interface State {
  readonly policies: readonly Policy[];
  readonly bindings: readonly Binding[];
  /** Every other object: candidates for paramRef. */
  readonly params: readonly JsonObject[];
  readonly namespaces: ReadonlyMap<string, JsonObject>;
  readonly crds: readonly JsonObject[];
  /** Objects that were reported and skipped. */
  readonly problems: readonly LoadProblem[];
}

function groupOf(apiVersion: unknown): string {
  if (typeof apiVersion !== 'string') return '';
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? '' : apiVersion.slice(0, slash);
}

export function isKind(object: JsonObject, group: string, kind: string): boolean {
  return object.kind === kind && groupOf(object.apiVersion) === group;
}

// A policy or binding object shared by successive states (see below) keeps its parsed
// form, and with it the compiled expressions cached per Policy.
const parsedPolicies = new WeakMap<JsonObject, Policy>();
const parsedBindings = new WeakMap<JsonObject, Binding>();

function parsed<T>(cache: WeakMap<JsonObject, T>, object: JsonObject, read: (o: JsonObject) => T): T {
  let value = cache.get(object);
  if (value === undefined) cache.set(object, (value = read(object)));
  return value;
}

/** Builds a state from objects already checked (the loader's job); later duplicates win. */
export function createState(objects: readonly JsonObject[], problems: readonly LoadProblem[] = []): State {
  const policies = new Map<string, Policy>();
  const bindings = new Map<string, Binding>();
  const namespaces = new Map<string, JsonObject>();
  const params: JsonObject[] = [];
  const crds: JsonObject[] = [];
  for (const raw of objects) {
    if (!isObject(raw)) continue;
    // Objects already frozen whole (from a previous state, or the API sources) are shared.
    const object = isDeeplyFrozen(raw) ? raw : deepFreeze(structuredClone(raw));
    if (isKind(object, ADMISSION_GROUP, POLICY_KIND)) {
      const p = parsed(parsedPolicies, object, readPolicy);
      policies.delete(p.name);
      policies.set(p.name, p);
    } else if (isKind(object, ADMISSION_GROUP, BINDING_KIND)) {
      const b = parsed(parsedBindings, object, readBinding);
      bindings.delete(b.name);
      bindings.set(b.name, b);
    } else if (object.apiVersion === 'v1' && object.kind === NAMESPACE_KIND) {
      namespaces.set(metadataString(object, 'name'), object);
    } else if (isKind(object, CRD_GROUP, CRD_KIND)) {
      crds.push(object);
    } else {
      params.push(object);
    }
  }
  return Object.freeze({
    policies: Object.freeze([...policies.values()].map((p) => deepFreeze(p))),
    bindings: Object.freeze([...bindings.values()].map((b) => deepFreeze(b))),
    params: Object.freeze(params),
    namespaces,
    crds: Object.freeze(crds),
    problems: Object.freeze([...problems]),
  });
}

// The bindings of each policy, in load order, found once per state rather than per request.
const bindingsByPolicy = new WeakMap<State, Map<string, Binding[]>>();

export function bindingsOf(state: State, policy: Policy): readonly Binding[] {
  let byPolicy = bindingsByPolicy.get(state);
  if (!byPolicy) {
    byPolicy = new Map();
    for (const b of state.bindings) {
      const list = byPolicy.get(b.spec.policyName);
      if (list) list.push(b);
      else byPolicy.set(b.spec.policyName, [b]);
    }
    bindingsByPolicy.set(state, byPolicy);
  }
  return byPolicy.get(policy.name) ?? [];
}
