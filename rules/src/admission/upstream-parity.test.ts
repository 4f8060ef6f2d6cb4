// Cases replayed from the upstream validation tests of MutatingAdmissionPolicy and its binding:
// each breaks one thing in an otherwise valid object (or keeps it valid) and expects the
// fields the platform refuses, as the paths of error findings. Warnings do not count here.
import { describe, expect, it } from 'vitest';
import { errorFindings } from '../parity/fixtures.js';

type Obj = Record<string, unknown>;

function errorPaths(docs: Obj[]): string[] {
  const text = docs.map((d) => JSON.stringify(d)).join('\n---\n');
  return [...new Set(errorFindings(text).map((d) => d.path))].sort();
}

const RULE = { apiGroups: ['a'], apiVersions: ['a'], operations: ['CREATE'], resources: ['a'] };
const APPLY = { patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{spec: Object.spec{replicas: 1}}' } };

function policy(spec: Obj = {}, name = 'config'): Obj {
  return {
    apiVersion: 'admissionregistration.plat.io/v1',
    kind: 'MutatingAdmissionPolicy',
    metadata: { name },
    spec: {
      failurePolicy: 'Fail',
      matchConstraints: { resourceRules: [RULE] },
      mutations: [APPLY],
      reinvocationPolicy: 'Never',
      ...spec,
    },
  };
}
const constraints = (extra: Obj): Obj => policy({ matchConstraints: { resourceRules: [RULE], ...extra } });
const rules1 = (rule: Obj): Obj => policy({ matchConstraints: { resourceRules: [{ ...RULE, ...rule }] } });

/** The policy the bindings point at, so that cross-document rules find it. */
const TARGET = policy({ paramKind: { apiVersion: 'example.com/v1', kind: 'Limit' } }, 'xyzlimit-scale.example.com');
function binding(spec: Obj = {}, name = 'config'): Obj {
  return {
    apiVersion: 'admissionregistration.plat.io/v1',
    kind: 'MutatingAdmissionPolicyBinding',
    metadata: { name },
    spec: {
      policyName: 'xyzlimit-scale.example.com',
      paramRef: { name: 'xyzlimit-scale-setting.example.com', parameterNotFoundAction: 'Deny' },
      ...spec,
    },
  };
}
const bindingRules = (rule: Obj): Obj => binding({ matchResources: { resourceRules: [{ ...RULE, ...rule }] } });

interface Case {
  name: string;
  docs: Obj[];
  errors: string[];
}

const policyCases: Case[] = [
  { name: 'a valid policy', docs: [policy()], errors: [] },
  { name: 'name must be a DNS subdomain', docs: [policy({}, '!!!!')], errors: ['metadata.name'] },
  { name: 'failurePolicy values', docs: [policy({ failurePolicy: 'other' })], errors: ['spec.failurePolicy'] },
  {
    name: 'failurePolicy may be left to its default',
    docs: [
      (() => {
        const p = policy();
        delete (p.spec as Obj).failurePolicy;
        return p;
      })(),
    ],
    errors: [],
  },
  {
    name: 'paramKind apiVersion needs a version',
    docs: [policy({ paramKind: { apiVersion: 'test.example.com', kind: 'Example' } })],
    errors: ['spec.paramKind.apiVersion'],
  },
  {
    name: 'paramKind kind is required',
    docs: [policy({ paramKind: { apiVersion: 'test.example.com/v1' } })],
    errors: ['spec.paramKind.kind'],
  },
  {
    name: 'paramKind version format',
    docs: [policy({ paramKind: { apiVersion: 'test.example.com/!!!', kind: 'Example' } })],
    errors: ['spec.paramKind.apiVersion'],
  },
  {
    name: 'paramKind group format',
    docs: [policy({ paramKind: { apiVersion: '!!!/v1', kind: 'ReplicaLimit' } })],
    errors: ['spec.paramKind.apiVersion'],
  },
  { name: 'paramKind of the core group', docs: [policy({ paramKind: { apiVersion: 'v1', kind: 'ConfigMap' } })], errors: [] },
  { name: 'matchConstraints is required', docs: [policy({ matchConstraints: undefined })], errors: ['spec.matchConstraints'] },
  { name: 'mutations are required', docs: [policy({ mutations: [] })], errors: ['spec.mutations'] },
  {
    name: 'resourceRules are required',
    docs: [policy({ matchConstraints: {} })],
    errors: ['spec.matchConstraints.resourceRules'],
  },
  {
    name: 'a rule needs its lists',
    docs: [policy({ matchConstraints: { resourceRules: [{ resourceNames: ['x'] }] } })],
    errors: [
      'spec.matchConstraints.resourceRules[0].apiGroups',
      'spec.matchConstraints.resourceRules[0].apiVersions',
      'spec.matchConstraints.resourceRules[0].operations',
      'spec.matchConstraints.resourceRules[0].resources',
    ],
  },
  {
    name: 'resourceNames are path segments',
    docs: [rules1({ resourceNames: ['/./.'] })],
    errors: ['spec.matchConstraints.resourceRules[0].resourceNames[0]'],
  },
  {
    name: 'resourceNames are unique',
    docs: [rules1({ resourceNames: ['test', 'test'] })],
    errors: ['spec.matchConstraints.resourceRules[0].resourceNames[1]'],
  },
  { name: 'matchPolicy values', docs: [constraints({ matchPolicy: 'other' })], errors: ['spec.matchConstraints.matchPolicy'] },
  {
    name: 'operations must not be empty, in rules and exclusions',
    docs: [
      policy({
        matchConstraints: { resourceRules: [{ ...RULE, operations: [] }], excludeResourceRules: [{ ...RULE, operations: [] }] },
      }),
    ],
    errors: ['spec.matchConstraints.excludeResourceRules[0].operations', 'spec.matchConstraints.resourceRules[0].operations'],
  },
  {
    name: 'an empty operation',
    docs: [rules1({ operations: ['CREATE', ''] })],
    errors: ['spec.matchConstraints.resourceRules[0].operations[1]'],
  },
  {
    name: 'an unknown operation',
    docs: [rules1({ operations: ['PATCH'] })],
    errors: ['spec.matchConstraints.resourceRules[0].operations[0]'],
  },
  // Where "*" must stand alone the server names the list; platlint names each other entry, to fix it.
  {
    name: 'a wildcard operation stands alone',
    docs: [rules1({ operations: ['CREATE', '*'] })],
    errors: ['spec.matchConstraints.resourceRules[0].operations[0]'],
  },
  { name: 'a wildcard operation', docs: [rules1({ operations: ['*'] })], errors: [] },
  { name: 'CONNECT and UPDATE', docs: [rules1({ operations: ['CONNECT', 'UPDATE'] })], errors: [] },
  { name: '"*" beside subresources', docs: [rules1({ resources: ['*', 'a/b', 'a/*', '*/b'] })], errors: [] },
  {
    name: '"*" beside a plain resource',
    docs: [rules1({ resources: ['*', 'a'] })],
    errors: ['spec.matchConstraints.resourceRules[0].resources[1]'],
  },
  {
    name: 'a/* beside a/x',
    docs: [rules1({ resources: ['a/*', 'a/x'] })],
    errors: ['spec.matchConstraints.resourceRules[0].resources[1]'],
  },
  { name: 'a/* beside a', docs: [rules1({ resources: ['a/*', 'a'] })], errors: [] },
  // The server reads the list in order: a wildcard after the entry it covers is let through.
  { name: 'a/x before a/*', docs: [rules1({ resources: ['a/x', 'a/*'] })], errors: [] },
  { name: 'a plain resource before "*"', docs: [rules1({ resources: ['a', '*'] })], errors: [] },
  {
    name: 'an empty resource',
    docs: [rules1({ resources: ['a', ''] })],
    errors: ['spec.matchConstraints.resourceRules[0].resources[1]'],
  },
  {
    name: 'resourceNames "." and ".."',
    docs: [rules1({ resourceNames: ['.', '..', 'a%b'] })],
    errors: [
      'spec.matchConstraints.resourceRules[0].resourceNames[0]',
      'spec.matchConstraints.resourceRules[0].resourceNames[1]',
      'spec.matchConstraints.resourceRules[0].resourceNames[2]',
    ],
  },
  {
    name: '*/a beside x/a',
    docs: [rules1({ resources: ['*/a', 'x/a'] })],
    errors: ['spec.matchConstraints.resourceRules[0].resources[1]'],
  },
  {
    name: '*/* beside another',
    docs: [rules1({ resources: ['*/*', 'a'] })],
    errors: ['spec.matchConstraints.resourceRules[0].resources[1]'],
  },
  {
    name: 'scope values',
    docs: [rules1({ scope: 'Cluster' }), rules1({ scope: 'Namespaced' }), rules1({ scope: '*' })],
    errors: [],
  },
  { name: 'an unknown scope', docs: [rules1({ scope: 'Everywhere' })], errors: ['spec.matchConstraints.resourceRules[0].scope'] },
  {
    name: 'selectors',
    docs: [
      constraints({
        namespaceSelector: { matchLabels: { a: 'b' } },
        objectSelector: { matchLabels: { a: 'b' } },
        matchPolicy: 'Exact',
      }),
    ],
    errors: [],
  },
  {
    name: 'a broken selector',
    docs: [constraints({ objectSelector: { matchExpressions: [{ key: 'a', operator: 'In' }] } })],
    errors: ['spec.matchConstraints.objectSelector.matchExpressions[0].values'],
  },
  {
    name: 'patchType is required',
    docs: [policy({ mutations: [{ applyConfiguration: APPLY.applyConfiguration }] })],
    errors: ['spec.mutations[0].patchType'],
  },
  {
    name: 'an unknown patchType',
    docs: [policy({ mutations: [{ patchType: 'Merge', applyConfiguration: APPLY.applyConfiguration }] })],
    errors: ['spec.mutations[0].patchType'],
  },
  {
    name: 'the member of the patch type is required',
    docs: [policy({ mutations: [{ patchType: 'JSONPatch' }] })],
    errors: ['spec.mutations[0].jsonPatch'],
  },
  {
    name: 'the other member is not allowed',
    docs: [policy({ mutations: [{ ...APPLY, jsonPatch: { expression: '[]' } }] })],
    errors: ['spec.mutations[0].jsonPatch'],
  },
  {
    name: 'an expression is required',
    docs: [policy({ mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: '' } }] })],
    errors: ['spec.mutations[0].applyConfiguration.expression'],
  },
  {
    name: 'a syntax error',
    docs: [policy({ mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{spec: ' } }] })],
    errors: ['spec.mutations[0].applyConfiguration.expression'],
  },
  {
    name: 'an apply configuration of another type',
    docs: [policy({ mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: '"I\'m a teapot!"' } }] })],
    errors: ['spec.mutations[0].applyConfiguration.expression'],
  },
  {
    name: 'an apply configuration of a nested type',
    docs: [
      policy({ mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object.spec.metadata{}' } }] }),
    ],
    errors: ['spec.mutations[0].applyConfiguration.expression'],
  },
  {
    name: 'an apply configuration reading a nested construction',
    docs: [
      policy({
        mutations: [
          {
            patchType: 'ApplyConfiguration',
            applyConfiguration: { expression: 'Object{spec: Object.spec{replicas: Object.spec{replicas: 2}.replicas}}' },
          },
        ],
      }),
    ],
    errors: [],
  },
  {
    name: 'a JSON patch of another type',
    docs: [policy({ mutations: [{ patchType: 'JSONPatch', jsonPatch: { expression: 'object.x < 100' } }] })],
    errors: ['spec.mutations[0].jsonPatch.expression'],
  },
  {
    name: 'a JSON patch built with Object types',
    docs: [
      policy({
        mutations: [
          {
            patchType: 'JSONPatch',
            jsonPatch: { expression: '[JSONPatch{op: "add", path: "/spec", value: Object.spec{replicas: 10}}]' },
          },
        ],
      }),
    ],
    errors: [],
  },
  {
    name: 'reinvocationPolicy is required',
    docs: [policy({ reinvocationPolicy: undefined })],
    errors: ['spec.reinvocationPolicy'],
  },
  { name: 'reinvocationPolicy values', docs: [policy({ reinvocationPolicy: 'Always' })], errors: ['spec.reinvocationPolicy'] },
  {
    name: 'a match condition needs a name',
    docs: [policy({ matchConditions: [{ expression: 'true' }] })],
    errors: ['spec.matchConditions[0].name'],
  },
  {
    name: 'match condition names are qualified names',
    docs: [policy({ matchConditions: [{ name: '-bad', expression: 'true' }] })],
    errors: ['spec.matchConditions[0].name'],
  },
  {
    name: 'match condition names are unique',
    docs: [
      policy({
        matchConditions: [
          { name: 'a', expression: 'true' },
          { name: 'a', expression: 'true' },
        ],
      }),
    ],
    errors: ['spec.matchConditions[1].name'],
  },
  {
    name: 'a match condition must be bool',
    docs: [policy({ matchConditions: [{ name: 'a', expression: '"yes"' }] })],
    errors: ['spec.matchConditions[0].expression'],
  },
  {
    name: 'at most 64 match conditions',
    docs: [policy({ matchConditions: Array.from({ length: 65 }, (_, i) => ({ name: `test${i}`, expression: 'true' })) })],
    errors: ['spec.matchConditions'],
  },
  {
    name: '64 match conditions',
    docs: [policy({ matchConditions: Array.from({ length: 64 }, (_, i) => ({ name: `test${i}`, expression: 'true' })) })],
    errors: [],
  },
  {
    name: 'params with a paramKind',
    docs: [
      policy({
        paramKind: { apiVersion: 'foobar/v1alpha1', kind: 'Foo' },
        matchConditions: [{ name: 'hasParams', expression: 'params.foo == "okay"' }],
      }),
    ],
    errors: [],
  },
  {
    name: 'params without a paramKind',
    docs: [policy({ matchConditions: [{ name: 'hasParams', expression: 'params.foo == "okay"' }] })],
    errors: ['spec.matchConditions[0].expression'],
  },
  {
    name: 'paramKind kind lower-cased is a DNS label',
    docs: [policy({ paramKind: { apiVersion: 'example.com/v1', kind: 'Bad_Kind' } })],
    errors: ['spec.paramKind.kind'],
  },
  // The server names spec.matchConstraints.resourceRules.operations, without indexes; platlint the entry.
  {
    name: 'DELETE in the policy rules',
    docs: [rules1({ operations: ['CREATE', 'DELETE'] })],
    errors: ['spec.matchConstraints.resourceRules[0].operations[1]'],
  },
  {
    name: 'DELETE in the policy exclusions',
    docs: [policy({ matchConstraints: { resourceRules: [RULE], excludeResourceRules: [{ ...RULE, operations: ['DELETE'] }] } })],
    errors: [],
  },
  { name: 'DELETE in a binding', docs: [TARGET, bindingRules({ operations: ['DELETE'] })], errors: [] },
  {
    name: 'a reserved variable name',
    docs: [policy({ variables: [{ name: 'in', expression: 'true' }] })],
    errors: ['spec.variables[0].name'],
  },
  {
    name: 'an undeclared function',
    docs: [policy({ matchConditions: [{ name: 'a', expression: 'test() == true' }] })],
    errors: ['spec.matchConditions[0].expression'],
  },
  {
    name: 'a declared function with other arguments is left to the typed check',
    docs: [policy({ matchConditions: [{ name: 'a', expression: 'size(1, 2) == 1' }] })],
    errors: [],
  },
  {
    name: 'variable names are identifiers',
    docs: [policy({ variables: [{ name: 'not-ok', expression: 'true' }] })],
    errors: ['spec.variables[0].name'],
  },
  // variables is an atomic list and validation has no duplicate check: a warning only.
  {
    name: 'a repeated variable name',
    docs: [
      policy({
        variables: [
          { name: 'a', expression: '1' },
          { name: 'a', expression: '2' },
        ],
      }),
    ],
    errors: [],
  },
  {
    name: 'variables read earlier ones',
    docs: [
      policy({
        variables: [
          { name: 'a', expression: '1' },
          { name: 'b', expression: 'variables.a + 1' },
        ],
      }),
    ],
    errors: [],
  },
  {
    name: 'a variable needs an expression',
    docs: [policy({ variables: [{ name: 'a', expression: '' }] })],
    errors: ['spec.variables[0].expression'],
  },
];

const bindingCases: Case[] = [
  { name: 'a valid binding', docs: [TARGET, binding()], errors: [] },
  { name: 'name must be a DNS subdomain', docs: [TARGET, binding({}, '!!!!')], errors: ['metadata.name'] },
  {
    name: 'policyName is required',
    docs: [TARGET, binding({ policyName: undefined, paramRef: undefined })],
    errors: ['spec.policyName'],
  },
  {
    name: 'matchPolicy values',
    docs: [TARGET, binding({ matchResources: { matchPolicy: 'other' } })],
    errors: ['spec.matchResources.matchPolicy'],
  },
  {
    name: 'match resources without rules',
    docs: [TARGET, binding({ matchResources: { namespaceSelector: { matchLabels: { a: 'b' } } } })],
    errors: [],
  },
  {
    name: 'operations must not be empty',
    docs: [
      TARGET,
      binding({
        matchResources: { resourceRules: [{ ...RULE, operations: [] }], excludeResourceRules: [{ ...RULE, operations: [] }] },
      }),
    ],
    errors: ['spec.matchResources.excludeResourceRules[0].operations', 'spec.matchResources.resourceRules[0].operations'],
  },
  {
    name: 'an empty operation',
    docs: [TARGET, bindingRules({ operations: ['CREATE', ''] })],
    errors: ['spec.matchResources.resourceRules[0].operations[1]'],
  },
  {
    name: 'an unknown operation',
    docs: [TARGET, bindingRules({ operations: ['PATCH'] })],
    errors: ['spec.matchResources.resourceRules[0].operations[0]'],
  },
  {
    name: 'a wildcard operation stands alone',
    docs: [TARGET, bindingRules({ operations: ['CREATE', '*'] })],
    errors: ['spec.matchResources.resourceRules[0].operations[0]'],
  },
  { name: '"*" beside subresources', docs: [TARGET, bindingRules({ resources: ['*', 'a/b', 'a/*', '*/b'] })], errors: [] },
  {
    name: '"*" beside a plain resource',
    docs: [TARGET, bindingRules({ resources: ['*', 'a'] })],
    errors: ['spec.matchResources.resourceRules[0].resources[1]'],
  },
  {
    name: 'a/* beside a/x',
    docs: [TARGET, bindingRules({ resources: ['a/*', 'a/x'] })],
    errors: ['spec.matchResources.resourceRules[0].resources[1]'],
  },
  { name: 'a/* beside a', docs: [TARGET, bindingRules({ resources: ['a/*', 'a'] })], errors: [] },
  {
    name: '*/a beside x/a',
    docs: [TARGET, bindingRules({ resources: ['*/a', 'x/a'] })],
    errors: ['spec.matchResources.resourceRules[0].resources[1]'],
  },
  {
    name: '*/* beside another',
    docs: [TARGET, bindingRules({ resources: ['*/*', 'a'] })],
    errors: ['spec.matchResources.resourceRules[0].resources[1]'],
  },
  {
    name: 'a broken param selector',
    docs: [
      TARGET,
      binding({
        paramRef: {
          selector: { matchExpressions: [{ key: 'a', operator: 'Exists', values: ['x'] }] },
          parameterNotFoundAction: 'Allow',
        },
      }),
    ],
    errors: ['spec.paramRef.selector.matchExpressions[0].values'],
  },
  {
    name: 'paramRef name and selector exclude each other',
    docs: [
      TARGET,
      binding({ paramRef: { name: 'x', selector: { matchLabels: { label: 'value' } }, parameterNotFoundAction: 'Deny' } }),
    ],
    // The server names both fields; platlint reports the pair once, on selector.
    errors: ['spec.paramRef.selector'],
  },
  {
    name: 'parameterNotFoundAction is required',
    docs: [TARGET, binding({ paramRef: { name: 'x' } })],
    errors: ['spec.paramRef.parameterNotFoundAction'],
  },
  {
    name: 'parameterNotFoundAction values',
    docs: [TARGET, binding({ paramRef: { name: 'x', parameterNotFoundAction: 'invalid' } })],
    errors: ['spec.paramRef.parameterNotFoundAction'],
  },
  {
    name: 'paramRef needs a name or a selector',
    docs: [TARGET, binding({ paramRef: { parameterNotFoundAction: 'Deny' } })],
    errors: ['spec.paramRef'],
  },
  {
    name: 'a paramRef by selector',
    docs: [TARGET, binding({ paramRef: { selector: {}, parameterNotFoundAction: 'Allow' } })],
    errors: [],
  },
  {
    name: 'a paramRef namespace',
    docs: [TARGET, binding({ paramRef: { name: 'x', namespace: 'ns', parameterNotFoundAction: 'Allow' } })],
    errors: [],
  },
];

// Expressions of the upstream patcher, compilation and dispatcher tests: the server stores
// a policy holding any of them.
const ac = (expression: string): Obj => ({ patchType: 'ApplyConfiguration', applyConfiguration: { expression } });
const jp = (expression: string): Obj => ({ patchType: 'JSONPatch', jsonPatch: { expression } });
const DEPLOYMENTS = {
  resourceRules: [{ apiGroups: ['apps'], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['deployments'] }],
};
const storedExpressions: { name: string; mutation: Obj; spec?: Obj }[] = [
  {
    name: 'a conditional on replicas',
    mutation: ac(
      'Object{spec: Object.spec{replicas: object.spec.replicas % 2 == 0?object.spec.replicas + 1:object.spec.replicas}}',
    ),
  },
  {
    name: 'oldObject',
    mutation: ac(
      'Object{spec: Object.spec{replicas: oldObject.spec.replicas % 2 == 0?oldObject.spec.replicas + 1:oldObject.spec.replicas}}',
    ),
  },
  {
    name: 'an optional label',
    mutation: ac(
      'Object{metadata: Object.metadata{labels: {"policy1": string(int(object.?metadata.labels["count"].orValue("1")) + 1)}}}',
    ),
  },
  {
    name: 'params of a ConfigMap',
    mutation: ac("Object{spec: Object.spec{replicas: int(params.data['k1'])}}"),
    spec: { paramKind: { apiVersion: 'v1', kind: 'ConfigMap' } },
  },
  {
    name: 'nested initializers',
    mutation: ac(
      'Object{spec: Object.spec{template: Object.spec.template{spec: Object.spec.template.spec{containers: [Object.spec.template.spec.containers{name: "nginx", ports: [Object.spec.template.spec.containers.ports{containerPort: 80}], resources: Object.spec.template.spec.containers.resources{limits: {"cpu": "128M"}}}]}}}}',
    ),
  },
  {
    name: 'test and replace',
    mutation: jp(
      '[JSONPatch{op: "test", path: "/spec/replicas", value: 100}, JSONPatch{op: "replace", path: "/spec/replicas", value: 3}]',
    ),
  },
  {
    name: 'escaped keys',
    mutation: jp(
      '[JSONPatch{op: "add", path: "/metadata/labels", value: {}}, JSONPatch{op: "add", path: "/metadata/labels/" + jsonpatch.escapeKey("plat.io/x~y"), value: "true"}]',
    ),
  },
  {
    name: 'JSONPatch fields, has() and equality',
    mutation: jp(
      '[JSONPatch{op: "add", path: "/metadata/labels", value: {"op": JSONPatch{op: "o"}.op, "set": string(has(JSONPatch{op: "o"}.op)), "eq": string(JSONPatch{} == JSONPatch{})}}]',
    ),
  },
  {
    name: 'Object fields, has() and equality',
    mutation: jp(
      '[JSONPatch{op: "add", path: "/metadata/labels", value: {"value": Object{field: "x"}.field, "set": string(has(Object{}.field)), "eq": string(Object{} == Object{})}}]',
    ),
  },
  {
    name: 'an initializer as a patch value',
    mutation: jp(
      '[JSONPatch{op: "add", path: "/spec/template/spec/containers/-", value: Object.spec.template.spec.containers{name: "x", ports: [Object.spec.template.spec.containers.ports{containerPort: 8080}]}}]',
    ),
  },
  {
    name: 'an unchecked initializer name',
    mutation: jp('[JSONPatch{op: "add", path: "/spec", value: Object.invalid{replicas: 1}}]'),
  },
  {
    name: 'list concatenation',
    mutation: jp(
      '[JSONPatch{op: "add", path: "/spec/template/spec/initContainers", value: object.spec.template.spec.containers + [{"name": "u", "image": "alpine"}]}]',
    ),
  },
  {
    name: 'a map comprehension',
    mutation: jp(
      '[JSONPatch{op: "add", path: "/metadata/labels/added", value: object.metadata.labels.all(k, k != "invalid") ? "true" : "false"}]',
    ),
  },
  {
    name: 'request fields',
    mutation: jp(
      `[JSONPatch{op: "replace", path: "/spec/replicas", value: request.kind.group == 'apps' && request.kind.version == 'v1' && request.kind.kind == 'Deployment' ? 10 : 0}]`,
    ),
  },
  {
    name: 'the namespace object',
    mutation: jp(`[JSONPatch{op: "replace", path: "/spec/replicas", value: namespaceObject.metadata.name == 'ns1' ? 10 : 0}]`),
  },
  {
    name: 'the authorizer',
    mutation: jp(
      `[JSONPatch{op: "replace", path: "/spec/replicas", value: authorizer.group('').resource('endpoints').check('create').allowed() ? 10 : 0}]`,
    ),
  },
  {
    name: 'an expression over the cost budget (refused only when it runs)',
    mutation: jp(
      '[JSONPatch{op: "replace", path: "/spec/replicas", value: variables.list.all(x1, variables.list.all(x2, variables.list.all(x3, variables.list.all(x4, variables.list.all(x5, variables.list.all(x5, "0123456789" == "0123456789")))))) ? 1 : 0}]',
    ),
    spec: { variables: [{ name: 'list', expression: '[0,1,2,3,4,5,6,7,8,9]' }] },
  },
];

// Expressions the server stores (it compiles object as dyn) that fail on every request the policy
// matches, as the schema of each matched kind tells: errors of admission/cel-schema, which is
// advice (the state loader still loads the policy). Upstream: package
// staging/src/k8s.io/apiserver/pkg/admission/plugin/policy/mutating/patch, TestApplyConfiguration,
// cases "apply configuration with invalid type name" ("type mismatch: unexpected type name") and
// "apply configuration with invalid field name" ("field not declared in schema"): errors when run.
const STATEFULSETS = {
  resourceRules: [
    { apiGroups: ['apps'], apiVersions: ['v1'], operations: ['CREATE'], resources: ['deployments', 'statefulsets'] },
  ],
};
const EVERYTHING = { resourceRules: [{ apiGroups: ['*'], apiVersions: ['*'], operations: ['CREATE'], resources: ['*'] }] };
const certainFailures: { name: string; mutation: Obj; spec?: Obj; errors: string[] }[] = [
  {
    name: 'a wrong type name (refused only when it runs)',
    mutation: ac('Object{spec: Object.specx{replicas: 1}}'),
    errors: ['admission/cel-schema @ spec.mutations[0].applyConfiguration.expression'],
  },
  {
    name: 'an unknown field (refused only when it runs)',
    mutation: ac('Object{spec: Object.spec{replicasx: 1}}'),
    errors: ['admission/cel-schema @ spec.mutations[0].applyConfiguration.expression'],
  },
  {
    name: 'an unknown field of both matched kinds',
    mutation: ac('Object{spec: Object.spec{replicasx: 1}}'),
    spec: { matchConstraints: STATEFULSETS },
    errors: ['admission/cel-schema @ spec.mutations[0].applyConfiguration.expression'],
  },
  {
    name: 'int + string on a Deployment field',
    mutation: ac("Object{spec: Object.spec{replicas: object.spec.replicas + 'x'}}"),
    errors: ['admission/cel-schema @ spec.mutations[0].applyConfiguration.expression'],
  },
  {
    name: 'the same under failurePolicy Ignore (admitted unmutated)',
    mutation: ac("Object{spec: Object.spec{replicas: object.spec.replicas + 'x'}}"),
    spec: { failurePolicy: 'Ignore' },
    errors: [],
  },
  {
    name: 'the same when every kind is matched',
    mutation: ac("Object{spec: Object.spec{replicas: object.spec.replicas + 'x'}}"),
    spec: { matchConstraints: EVERYTHING },
    errors: [],
  },
  {
    name: 'the same through dyn',
    mutation: ac("Object{spec: Object.spec{replicas: int(dyn(object.spec.replicas) + 'x')}}"),
    errors: [],
  },
  {
    name: 'the same in a guarded branch',
    mutation: ac("Object{spec: Object.spec{replicas: has(object.spec.paused) ? object.spec.replicas + 'x' : 1}}"),
    errors: [],
  },
];

describe('upstream parity: expressions the server stores and that fail on every matched request', () => {
  it.each(certainFailures)('$name', (c) => {
    const text = JSON.stringify(policy({ matchConstraints: DEPLOYMENTS, mutations: [c.mutation], ...c.spec }));
    expect(errorFindings(text).map((d) => `${d.ruleId} @ ${d.path}`)).toEqual(c.errors);
  });
});

describe('upstream parity: expressions the server stores', () => {
  it.each(storedExpressions)('$name', (c) =>
    expect(errorPaths([policy({ matchConstraints: DEPLOYMENTS, mutations: [c.mutation], ...c.spec })])).toEqual([]),
  );
});

describe('upstream parity: MutatingAdmissionPolicy', () => {
  it.each(policyCases)('$name', (c) => expect(errorPaths(c.docs)).toEqual([...c.errors].sort()));
});

describe('upstream parity: MutatingAdmissionPolicyBinding', () => {
  it.each(bindingCases)('$name', (c) => expect(errorPaths(c.docs)).toEqual([...c.errors].sort()));
});
