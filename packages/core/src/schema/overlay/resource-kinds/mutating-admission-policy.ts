// The overlay of mutatingAdmissionPolicy (document C).
import type { Overlay, SpecRef } from '../../overlay-types.js';
import { objectEnvelope, listType } from './envelope.js';

const MAP: SpecRef = 'C MutatingAdmissionPolicy';

export const mutatingAdmissionPolicies: Overlay = {
  'admissionregistration/v1.MutatingAdmissionPolicy': {
    description:
      'An admission mutation policy: CEL expressions that change matching objects on their way into the cluster, by an apply configuration or a JSON patch. It acts only through MutatingAdmissionPolicyBindings. Cluster-scoped.',
    spec: MAP,
    fields: {
      ...objectEnvelope('MutatingAdmissionPolicy', MAP),
      // A Go struct, not a pointer: a policy without one is validated as one with an empty spec.
      spec: { description: 'What the policy matches and how it mutates. The policy has no status.', required: true, spec: MAP },
    },
  },
  'admissionregistration/v1.MutatingAdmissionPolicyList': listType('MutatingAdmissionPolicy', MAP),
  'admissionregistration/v1.MutatingAdmissionPolicySpec': {
    description: 'Desired behavior of a MutatingAdmissionPolicy.',
    spec: MAP,
    fields: {
      failurePolicy: {
        description:
          'What happens on errors (CEL parse, type-check or runtime errors, or a misconfigured policy or binding): `Fail` rejects the request, `Ignore` skips the policy.',
        default: 'Fail',
        spec: MAP,
      },
      matchConditions: {
        description:
          'Extra CEL filters on requests already matched by matchConstraints, evaluated in order: any false skips the policy, all true runs it; an error with no false is handled by failurePolicy. Empty matches everything. Merged by `name`.',
        maxItems: 64,
        spec: MAP,
      },
      matchConstraints: {
        description:
          'Which requests the policy applies to; all constraints must match. Only CREATE, UPDATE and CONNECT can be matched (`*` stands for those), never DELETE, and never the admission policy kinds themselves.',
        required: true,
        spec: MAP,
      },
      mutations: {
        description: 'Mutations to apply, in order; at least one. They are reinvoked per binding as reinvocationPolicy says.',
        required: true,
        minItems: 1,
        spec: MAP,
      },
      paramKind: {
        description:
          'Kind of the resource that parameterizes the policy. Without it the `params` CEL variable is absent; if a binding sets no paramRef, `params` is null. A kind that does not exist makes the policy misconfigured.',
        spec: MAP,
      },
      reinvocationPolicy: {
        description:
          '`Never` runs the mutations at most once per binding in an admission; `IfNeeded` may run them again when later plugins changed the object (with no ordering guarantee).',
        required: true,
        spec: MAP,
      },
      variables: {
        description:
          'Named CEL expressions, usable as `variables.<name>` in later variables and in mutations (not in matchConditions). A variable may only refer to earlier ones.',
        spec: MAP,
      },
    },
  },
  'admissionregistration/v1.Mutation': {
    description: 'One mutation: the patch type and the matching patch expression.',
    spec: MAP,
    fields: {
      patchType: {
        description: 'Which kind of patch this is; the member of the same name must be set and the other left out.',
        spec: MAP,
      },
      applyConfiguration: {
        description:
          'Patch as an apply configuration merged with structured merge diff; used when patchType is `ApplyConfiguration`.',
        spec: MAP,
      },
      jsonPatch: {
        description: 'Patch as a list of JSON Patch operations; used when patchType is `JSONPatch`.',
        spec: MAP,
      },
    },
  },
  'admissionregistration/v1.ApplyConfiguration': {
    description: 'A CEL expression that builds an apply configuration for the object.',
    spec: MAP,
    fields: {
      expression: {
        description:
          'CEL expression that initializes an `Object{...}` value (nested types `Object.<field>`) to merge into the request object. It cannot change atomic structs, maps or lists.',
        required: true,
        cel: 'admission.applyConfiguration',
        spec: MAP,
      },
    },
  },
  'admissionregistration/v1.JSONPatch': {
    description: 'A CEL expression that produces JSON Patch operations for the object.',
    spec: MAP,
    fields: {
      expression: {
        description:
          'CEL expression returning a list of `JSONPatch{op, path, from, value}` values. `path` and `from` are JSON pointers; `jsonpatch.escapeKey` escapes `~` and `/` in keys.',
        required: true,
        cel: 'admission.jsonPatch',
        spec: MAP,
      },
    },
  },
  'admissionregistration/v1.MatchCondition': {
    description: 'A named CEL filter that must be true for the request to be handled.',
    spec: MAP,
    fields: {
      name: {
        description: 'Identifier of the condition, unique within the list; a qualified name.',
        format: 'label-key',
        spec: MAP,
      },
      expression: {
        description: 'CEL expression returning a bool, over object, oldObject, request, params and authorizer.',
        cel: 'admission.matchCondition',
        spec: MAP,
      },
    },
  },
  'admissionregistration/v1.Variable': {
    description: 'A named CEL expression whose result can be reused by other expressions.',
    spec: MAP,
    fields: {
      name: { description: 'Variable name, a CEL identifier; referenced as `variables.<name>`.', spec: MAP },
      expression: { description: 'CEL expression computing the value; evaluated lazily.', cel: 'admission.variable', spec: MAP },
    },
  },
  'admissionregistration/v1.ParamKind': {
    description: 'The group/version and kind of the parameter resource.',
    spec: MAP,
    fields: {
      apiVersion: { description: 'API group/version of the parameter resource, e.g. `v1` or `example.com/v1`.', spec: MAP },
      kind: { description: 'Kind of the parameter resource.', spec: MAP },
    },
  },
  'admissionregistration/v1.MatchResources': {
    description: 'Selects requests by namespace labels, object labels and resource rules.',
    spec: MAP,
    fields: {
      namespaceSelector: {
        description: "Matches on the labels of the object's namespace (or the Namespace itself). Empty matches everything.",
        default: {},
        spec: MAP,
      },
      objectSelector: {
        description: 'Matches on the labels of the object or of the old object. Empty matches everything.',
        default: {},
        spec: MAP,
      },
      resourceRules: {
        description:
          'Operations and resources to match; a request must match at least one rule. At least one rule is needed in a policy.',
        spec: MAP,
      },
      excludeResourceRules: {
        description: 'Operations and resources to leave out, even if resourceRules match.',
        spec: MAP,
      },
      matchPolicy: {
        description:
          '`Exact` matches only the listed group/version/resource; `Equivalent` also matches the same resource served under other versions.',
        default: 'Equivalent',
        spec: MAP,
      },
    },
  },
  'admissionregistration/v1.NamedRuleWithOperations': {
    description: 'Operations on resources, optionally limited to some object names.',
    spec: MAP,
    fields: {
      resourceNames: { description: 'Object names to match; empty means every name.', spec: MAP },
      operations: {
        description:
          "Operations to match: CREATE, UPDATE, CONNECT, or `*` alone. DELETE is not allowed in a policy's matchConstraints.",
        spec: MAP,
      },
      apiGroups: { description: 'API groups to match; `*` alone matches every group.', spec: MAP },
      apiVersions: { description: 'API versions to match; `*` alone matches every version.', spec: MAP },
      resources: {
        description: 'Resources to match: `res`, `res/sub`, `res/*`, `*` (no subresources) or `*/*` (everything).',
        spec: MAP,
      },
      scope: {
        description: 'Restrict to `Cluster`-scoped or `Namespaced` resources, or `*` for both.',
        default: '*',
        spec: MAP,
      },
    },
  },
  'admissionregistration/v1.MutatingAdmissionPolicyBinding': {
    description:
      'Binds a MutatingAdmissionPolicy to parameters and, optionally, narrows which requests it applies to. A policy without bindings does nothing. Cluster-scoped.',
    spec: MAP,
    fields: {
      ...objectEnvelope('MutatingAdmissionPolicyBinding', MAP),
      // A Go struct, not a pointer: a binding without one is validated as one with an empty spec.
      spec: { description: 'Which policy is bound, with which parameters and scope.', required: true, spec: MAP },
    },
  },
  'admissionregistration/v1.MutatingAdmissionPolicyBindingList': listType('MutatingAdmissionPolicyBinding', MAP),
  'admissionregistration/v1.MutatingAdmissionPolicyBindingSpec': {
    description: 'Desired behavior of a MutatingAdmissionPolicyBinding.',
    spec: MAP,
    fields: {
      policyName: {
        description:
          'Name of the MutatingAdmissionPolicy to bind. Required upstream, and a DNS subdomain like the policy names it can refer to.',
        required: true,
        format: 'dns-subdomain',
        spec: MAP,
      },
      paramRef: {
        description: 'Where to find the parameter resources; each one found is a separate invocation of the policy.',
        spec: MAP,
      },
      matchResources: {
        description:
          'Further narrows the requests the policy applies to through this binding. Absent matches whatever the policy matches.',
        spec: MAP,
      },
    },
  },
  'admissionregistration/v1.ParamRef': {
    description: 'Locates the parameter resources of a binding: by name or by label selector (exactly one of them).',
    spec: MAP,
    fields: {
      name: { description: 'Name of the single parameter resource.', format: 'path-segment', spec: MAP },
      namespace: {
        description:
          'Namespace of the parameter resources; when unset, the namespace of the request. Must be unset for cluster-scoped parameter kinds. Upstream checks it only as a path segment (admission/param-ref warns when it cannot name a namespace).',
        format: 'path-segment',
        spec: MAP,
      },
      selector: {
        description: 'Selects every matching parameter resource; `{}` selects all. Each one is a separate invocation.',
        spec: MAP,
      },
      parameterNotFoundAction: {
        description: 'What to do when no parameter resource is found: `Allow` skips the binding, `Deny` fails per failurePolicy.',
        enum: ['Allow', 'Deny'],
        default: 'Deny',
        spec: MAP,
      },
    },
  },
};
