// The fields of MutatingAdmissionPolicy and its binding that the engine reads, after the
// defaults the API server would have applied (upstream pkg/apis/admissionregistration/v1beta1/
// defaults.go, SetDefaults_MutatingAdmissionPolicySpec and its neighbours).
import type { LabelSelector } from '@platlint/core';
import type { JsonObject } from '../json.js';

export const ADMISSION_GROUP = 'admissionregistration.plat.io';
export const POLICY_KIND = 'MutatingAdmissionPolicy';
export const BINDING_KIND = 'MutatingAdmissionPolicyBinding';
export const NAMESPACE_KIND = 'Namespace';
export const CRD_GROUP = 'apiextensions.plat.io';
export const CRD_KIND = 'CustomResourceDefinition';

export interface NamedRule {
  operations: string[];
  apiGroups: string[];
  apiVersions: string[];
  resources: string[];
  resourceNames: string[];
  scope: string;
}

export interface MatchResources {
  namespaceSelector: LabelSelector;
  objectSelector: LabelSelector;
  resourceRules: NamedRule[];
  excludeResourceRules: NamedRule[];
  matchPolicy: 'Exact' | 'Equivalent';
}

export interface Mutation {
  patchType: 'ApplyConfiguration' | 'JSONPatch';
  expression: string;
}

export interface PolicySpec {
  paramKind?: { apiVersion: string; kind: string };
  matchConstraints: MatchResources;
  variables: { name: string; expression: string }[];
  mutations: Mutation[];
  failurePolicy: 'Fail' | 'Ignore';
  matchConditions: { name: string; expression: string }[];
  reinvocationPolicy: 'Never' | 'IfNeeded';
}

export interface ParamRef {
  name?: string;
  namespace?: string;
  selector?: LabelSelector;
  parameterNotFoundAction: 'Allow' | 'Deny';
}

export interface BindingSpec {
  policyName: string;
  paramRef?: ParamRef;
  matchResources?: MatchResources;
}

export interface Policy {
  name: string;
  spec: PolicySpec;
  /** The object as loaded (frozen). */
  object: JsonObject;
}

export interface Binding {
  name: string;
  spec: BindingSpec;
  object: JsonObject;
}
