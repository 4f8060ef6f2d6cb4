// The immutable state the engine decides with: policies and bindings (in load order, so
// results are reproducible), param objects, namespaces and CRDs. A reload builds a new one.
import { deepFreeze, isDeeplyFrozen, isObject, metadataString, type JsonObject } from '../json.js';
import { readBinding, readPolicy } from './defaults.js';
import {
  ADMISSION_GROUP,
  BINDING_KIND,
  CRD_GROUP,
  CRD_KIND,
  NAMESPACE_KIND,
  POLICY_KIND,
  type Binding,
  type Policy,
} from './policy-types.js';

/** A finding on an object of the state: a refusal (the object is left out) or advice (it is kept). */
export interface LoadProblem {
  /** The file, or the name of an object held in memory (a test case's, the cluster's). */
  file: string;
  /** 1-based line and column of the finding in a file; an object held in memory has none. */
  line?: number;
  column?: number;
  /** Field path of the finding in its document (`spec.mutations[0]`; empty for the whole document or file). */
  path: string;
  /** `Kind/name` of the object, when it had one. */
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
  /**
   * Findings of checks the API server enforces: it would refuse these objects, so they are
   * not in the state, and a server must not take a state that has any (nothing half-loaded).
   */
  readonly problems: readonly LoadProblem[];
  /** Advice on objects that are in the state (lint advice, CEL checked against the schema). */
  readonly warnings: readonly LoadProblem[];
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

function byName(a: { name: string }, b: { name: string }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** Builds a state from objects already checked (the loader's job); later duplicates win. */
export function createState(
  objects: readonly JsonObject[],
  problems: readonly LoadProblem[] = [],
  warnings: readonly LoadProblem[] = [],
): State {
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
    // Upstream promises no order (its policies sit in a map); ours is stable and documented:
    // policies by name, each with its bindings by name (NOTES.md, "Order").
    policies: Object.freeze([...policies.values()].sort(byName).map((p) => deepFreeze(p))),
    bindings: Object.freeze([...bindings.values()].sort(byName).map((b) => deepFreeze(b))),
    params: Object.freeze(params),
    namespaces,
    crds: Object.freeze(crds),
    problems: Object.freeze([...problems]),
    warnings: Object.freeze([...warnings]),
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
