// Builders for the objects tests need: policies, bindings, deployments and requests.
import type { JsonObject } from '../json.js';
import { createState, type State } from '../state/state.js';
import type { AdmissionRequest } from '../types.js';

export interface PolicyOptions {
  name?: string;
  mutations: readonly { patchType: 'ApplyConfiguration' | 'JSONPatch'; expression: string }[];
  matchConstraints?: JsonObject;
  matchConditions?: readonly { name: string; expression: string }[];
  variables?: readonly { name: string; expression: string }[];
  failurePolicy?: 'Fail' | 'Ignore';
  reinvocationPolicy?: 'Never' | 'IfNeeded';
  paramKind?: { apiVersion: string; kind: string };
}

export const DEPLOYMENT_RULES: JsonObject = {
  resourceRules: [{ apiGroups: ['apps'], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['deployments'] }],
};

export function policy(o: PolicyOptions): JsonObject {
  const spec: JsonObject = {
    matchConstraints: o.matchConstraints ?? DEPLOYMENT_RULES,
    mutations: o.mutations.map((m): JsonObject =>
      m.patchType === 'JSONPatch'
        ? { patchType: 'JSONPatch', jsonPatch: { expression: m.expression } }
        : { patchType: 'ApplyConfiguration', applyConfiguration: { expression: m.expression } },
    ),
    reinvocationPolicy: o.reinvocationPolicy ?? 'Never',
  };
  if (o.matchConditions) spec.matchConditions = [...o.matchConditions];
  if (o.variables) spec.variables = [...o.variables];
  if (o.failurePolicy) spec.failurePolicy = o.failurePolicy;
  if (o.paramKind) spec.paramKind = o.paramKind;
  return {
    apiVersion: 'admissionregistration.plat.io/v1',
    kind: 'MutatingAdmissionPolicy',
    metadata: { name: o.name ?? 'p' },
    spec,
  };
}

export type Mutation = PolicyOptions['mutations'][number];

/** A mutation of patch type ApplyConfiguration. */
export const apply = (expression: string): Mutation => ({ patchType: 'ApplyConfiguration', expression });

/** A mutation of patch type JSONPatch. */
export const patch = (expression: string): Mutation => ({ patchType: 'JSONPatch', expression });

/** The state most tests admit through: one policy `p` (Deployments unless `options` say otherwise), bound by `b`. */
export function singlePolicyState(options: PolicyOptions, extraObjects: JsonObject[] = [], bindingExtra: JsonObject = {}): State {
  return createState([policy({ name: 'p', ...options }), binding('b', 'p', bindingExtra), ...extraObjects]);
}

/** The spec schema of a custom resource version: an object whose `spec` has these properties. */
export function specSchema(properties: JsonObject): JsonObject {
  return { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties } } } };
}

/** The CustomResourceDefinition of `widgets.example.plat.io` (kind Widget, namespaced) with these versions. */
export function widgetDefinition(versions: JsonObject[]): JsonObject {
  return {
    apiVersion: 'apiextensions.plat.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'widgets.example.plat.io' },
    spec: { group: 'example.plat.io', scope: 'Namespaced', names: { kind: 'Widget', plural: 'widgets' }, versions },
  };
}

export function binding(name: string, policyName: string, extra: JsonObject = {}): JsonObject {
  return {
    apiVersion: 'admissionregistration.plat.io/v1',
    kind: 'MutatingAdmissionPolicyBinding',
    metadata: { name },
    spec: { policyName, ...extra },
  };
}

export function deployment(extra: JsonObject = {}): JsonObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'default', labels: { app: 'web' } },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: { containers: [{ name: 'app', image: 'nginx:1.27', ports: [{ containerPort: 80 }] }] },
      },
    },
    ...extra,
  };
}

export function deploymentRequest(object: JsonObject = deployment(), extra: Partial<AdmissionRequest> = {}): AdmissionRequest {
  return {
    uid: 'u1',
    kind: { group: 'apps', version: 'v1', kind: 'Deployment' },
    resource: { group: 'apps', version: 'v1', resource: 'deployments' },
    name: 'web',
    namespace: 'default',
    operation: 'CREATE',
    userInfo: { username: 'alice', groups: ['dev'] },
    object,
    ...extra,
  };
}
