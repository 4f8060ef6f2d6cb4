// Reading policies and bindings from manifests with the API server's defaults filled in,
// since a webhook sees raw files, not stored objects.
import type { LabelSelector } from '@platlint/core';
import { isObject, metadataString, type JsonObject } from '../json.js';
import type { Binding, BindingSpec, MatchResources, Mutation, NamedRule, ParamRef, Policy, PolicySpec } from './policy-types.js';

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function selector(value: unknown): LabelSelector {
  return isObject(value) ? (value as LabelSelector) : {};
}

function rules(value: unknown): NamedRule[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isObject).map((r) => ({
    operations: strings(r.operations),
    apiGroups: strings(r.apiGroups),
    apiVersions: strings(r.apiVersions),
    resources: strings(r.resources),
    resourceNames: strings(r.resourceNames),
    scope: typeof r.scope === 'string' && r.scope !== '' ? r.scope : '*',
  }));
}

export function readMatchResources(value: unknown): MatchResources {
  const m = isObject(value) ? value : {};
  return {
    namespaceSelector: selector(m.namespaceSelector),
    objectSelector: selector(m.objectSelector),
    resourceRules: rules(m.resourceRules),
    excludeResourceRules: rules(m.excludeResourceRules),
    matchPolicy: m.matchPolicy === 'Exact' ? 'Exact' : 'Equivalent',
  };
}

function named(value: unknown): { name: string; expression: string }[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isObject).map((v) => ({
    name: typeof v.name === 'string' ? v.name : '',
    expression: typeof v.expression === 'string' ? v.expression : '',
  }));
}

function mutations(value: unknown): Mutation[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isObject).map((m) => {
    const patchType = m.patchType === 'JSONPatch' ? 'JSONPatch' : 'ApplyConfiguration';
    const holder = patchType === 'JSONPatch' ? m.jsonPatch : m.applyConfiguration;
    return { patchType, expression: isObject(holder) && typeof holder.expression === 'string' ? holder.expression : '' };
  });
}

export function readPolicy(object: JsonObject): Policy {
  const spec = isObject(object.spec) ? object.spec : {};
  const paramKind = isObject(spec.paramKind)
    ? { apiVersion: String(spec.paramKind.apiVersion ?? ''), kind: String(spec.paramKind.kind ?? '') }
    : undefined;
  const policySpec: PolicySpec = {
    matchConstraints: readMatchResources(spec.matchConstraints),
    variables: named(spec.variables),
    mutations: mutations(spec.mutations),
    failurePolicy: spec.failurePolicy === 'Ignore' ? 'Ignore' : 'Fail',
    matchConditions: named(spec.matchConditions),
    reinvocationPolicy: spec.reinvocationPolicy === 'IfNeeded' ? 'IfNeeded' : 'Never',
  };
  if (paramKind) policySpec.paramKind = paramKind;
  return { name: metadataString(object, 'name'), spec: policySpec, object };
}

export function readBinding(object: JsonObject): Binding {
  const spec = isObject(object.spec) ? object.spec : {};
  const bindingSpec: BindingSpec = { policyName: typeof spec.policyName === 'string' ? spec.policyName : '' };
  if (isObject(spec.paramRef)) {
    const r = spec.paramRef;
    const ref: ParamRef = { parameterNotFoundAction: r.parameterNotFoundAction === 'Allow' ? 'Allow' : 'Deny' };
    if (typeof r.name === 'string' && r.name !== '') ref.name = r.name;
    if (typeof r.namespace === 'string' && r.namespace !== '') ref.namespace = r.namespace;
    if (isObject(r.selector)) ref.selector = r.selector as LabelSelector;
    bindingSpec.paramRef = ref;
  }
  if (isObject(spec.matchResources)) bindingSpec.matchResources = readMatchResources(spec.matchResources);
  return { name: metadataString(object, 'name'), spec: bindingSpec, object };
}
