// Admission scenarios: policies, bindings, params, namespace, one request and what must come
// out (the mutated object, or a denial). The same table runs through `platlint serve` over
// HTTPS (scenarios.test.ts applies the returned patch itself) and through `platlint test`.
// Each kind of error appears twice: under failurePolicy Fail it denies, under Ignore the
// request passes unmutated. No scenario may let a Fail policy's error through.
import { deployment } from './helpers.js';

type Obj = Record<string, unknown>;

export interface Scenario {
  name: string;
  policies: Obj[];
  bindings: Obj[];
  params?: Obj[];
  namespace?: Obj;
  /** The Deployment sent with a CREATE in namespace `shop`. */
  object: Obj;
  /** A denial names the policy and binding (`errorContains`) and the cause in searchable words (`says`). */
  expect: { allowed: true; object: Obj } | { allowed: false; errorContains: string; says?: string };
}

const DEPLOYMENTS = {
  resourceRules: [{ apiGroups: ['apps'], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['deployments'] }],
};

interface PolicyParts {
  failurePolicy?: 'Fail' | 'Ignore';
  reinvocationPolicy?: 'Never' | 'IfNeeded';
  apply?: string;
  jsonPatch?: string;
  condition?: string;
  paramKind?: Obj;
}

function policy(name: string, p: PolicyParts): Obj {
  const spec: Obj = {
    matchConstraints: DEPLOYMENTS,
    reinvocationPolicy: p.reinvocationPolicy ?? 'Never',
    failurePolicy: p.failurePolicy ?? 'Fail',
    mutations: [],
  };
  if (p.apply) (spec.mutations as Obj[]).push({ patchType: 'ApplyConfiguration', applyConfiguration: { expression: p.apply } });
  if (p.jsonPatch) (spec.mutations as Obj[]).push({ patchType: 'JSONPatch', jsonPatch: { expression: p.jsonPatch } });
  if (p.condition) spec.matchConditions = [{ name: 'condition', expression: p.condition }];
  if (p.paramKind) spec.paramKind = p.paramKind;
  return { apiVersion: 'admissionregistration.plat.io/v1', kind: 'MutatingAdmissionPolicy', metadata: { name }, spec };
}

function binding(name: string, policyName: string, extra: Obj = {}): Obj {
  return {
    apiVersion: 'admissionregistration.plat.io/v1',
    kind: 'MutatingAdmissionPolicyBinding',
    metadata: { name },
    spec: { policyName, ...extra },
  };
}

const LABEL = 'Object{metadata: Object.metadata{labels: {"team": "payments"}}}';

function withLabels(extra: Record<string, string>): Obj {
  const d = deployment();
  const metadata = d.metadata as Obj;
  return { ...d, metadata: { ...metadata, labels: { ...(metadata.labels as Record<string, string>), ...extra } } };
}

function withReplicas(replicas: number): Obj {
  const d = deployment();
  return { ...d, spec: { ...(d.spec as Obj), replicas } };
}

function withContainer(container: Obj): Obj {
  const d = structuredClone(deployment()) as { spec: { template: { spec: { containers: Obj[] } } } };
  d.spec.template.spec.containers.push(container);
  return d as unknown as Obj;
}

/** The errors a policy can run into, each named by what the denial must say. */
const ERRORS: {
  kind: string;
  parts: PolicyParts;
  says: string;
  params?: { paramKind: Obj; paramRef: Obj };
  bindingSpec?: Obj;
  namespace?: Obj;
}[] = [
  {
    kind: 'a run-time CEL error',
    parts: { apply: 'Object{metadata: Object.metadata{labels: {"team": object.spec.nosuchfield}}}' },
    says: 'nosuchfield',
  },
  { kind: 'a match condition error', parts: { condition: 'object.spec.nosuchfield == 1', apply: LABEL }, says: 'nosuchfield' },
  {
    kind: 'a field the schema does not declare, at merge time',
    parts: { apply: 'Object{spec: Object.spec{replicaz: 3}}' },
    says: 'replicaz',
  },
  {
    kind: 'an atomic field changed by an apply configuration',
    parts: { apply: 'Object{spec: Object.spec{selector: Object.spec.selector{matchLabels: {"tier": "front"}}}}' },
    says: 'atomic',
  },
  {
    kind: 'a JSON patch on a missing path',
    parts: { jsonPatch: '[JSONPatch{op: "remove", path: "/metadata/annotations/nope"}]' },
    says: 'JSON Patch',
  },
  {
    kind: 'the cost budget',
    parts: { apply: `Object{spec: Object.spec{replicas: ${nested(7)}.size()}}` },
    says: 'cost limit exceeded',
  },
  {
    kind: 'a construction named for another field path',
    parts: {
      apply:
        'Object{spec: Object.spec{template: Object.spec.templatex{metadata: Object.spec.template.metadata{labels: {"a": "b"}}}}}',
    },
    says: 'unexpected type name "Object.spec.templatex", expected "Object.spec.template"',
  },
  // A result of the wrong type never reaches admission: the server compiles the expression when it
  // stores the policy and refuses any other static type, dyn included (`object.spec` as an apply
  // configuration), so the state loader refuses such a policy too (packages/admission load tests).
  {
    kind: 'missing params with parameterNotFoundAction Deny',
    parts: { apply: LABEL, paramKind: { apiVersion: 'v1', kind: 'ConfigMap' } },
    params: {
      paramKind: { apiVersion: 'v1', kind: 'ConfigMap' },
      paramRef: { name: 'absent', namespace: 'shop', parameterNotFoundAction: 'Deny' },
    },
    says: 'no params found',
  },
  {
    // The request's namespace `shop` is not in the state: the selector cannot be evaluated.
    kind: 'a namespace selector on a namespace that does not exist',
    parts: { apply: LABEL },
    bindingSpec: { matchResources: { namespaceSelector: { matchLabels: { team: 'checkout' } } } },
    namespace: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'elsewhere', labels: { team: 'checkout' } } },
    says: 'failed to configure binding: namespaces "shop" not found',
  },
];

function nested(depth: number): string {
  const ten = '[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]';
  const vars = 'abcdefgh'.slice(0, depth).split('');
  let e = vars.join(' + ');
  for (const v of [...vars].reverse()) e = `${ten}.map(${v}, ${e})`;
  return e;
}

function errorScenarios(): Scenario[] {
  return ERRORS.flatMap(({ kind, parts, says, params, bindingSpec, namespace }) =>
    (['Fail', 'Ignore'] as const).map((failurePolicy): Scenario => ({
      name: `${kind} under failurePolicy ${failurePolicy}`,
      policies: [policy('p', { ...parts, failurePolicy })],
      bindings: [binding('b', 'p', { ...(params ? { paramRef: params.paramRef } : {}), ...bindingSpec })],
      ...(namespace ? { namespace } : {}),
      object: deployment(),
      // Fail: denied, naming the policy, the binding and the cause; Ignore: through, unmutated.
      expect:
        failurePolicy === 'Fail'
          ? { allowed: false, errorContains: `policy 'p' with binding 'b' denied request: `, says }
          : { allowed: true, object: deployment() },
    })),
  );
}

export const SCENARIOS: Scenario[] = [
  {
    name: 'an apply configuration adds a label',
    policies: [policy('team-label', { apply: LABEL })],
    bindings: [binding('team-label', 'team-label')],
    object: deployment(),
    expect: { allowed: true, object: withLabels({ team: 'payments' }) },
  },
  {
    name: 'object.metadata is readable in full: a label copied from the namespace of the object',
    policies: [
      policy('copy', {
        apply:
          'Object{metadata: Object.metadata{labels: {"ns": object.metadata.namespace, "app-copy": object.metadata.labels["app"]}}}',
      }),
    ],
    bindings: [binding('copy', 'copy')],
    object: deployment(),
    expect: { allowed: true, object: withLabels({ ns: 'shop', 'app-copy': 'web' }) },
  },
  {
    name: 'policies run in name order, each seeing the object as mutated before it',
    policies: [
      policy('b-second', {
        condition: 'has(object.metadata.labels) && "first" in object.metadata.labels',
        apply: 'Object{metadata: Object.metadata{labels: {"second": object.metadata.labels["first"] + "-then"}}}',
      }),
      policy('a-first', { apply: 'Object{metadata: Object.metadata{labels: {"first": "one"}}}' }),
    ],
    bindings: [binding('b-second', 'b-second'), binding('a-first', 'a-first')],
    object: deployment(),
    expect: { allowed: true, object: withLabels({ first: 'one', second: 'one-then' }) },
  },
  {
    name: 'params found by name feed the mutation',
    policies: [
      policy('from-params', {
        apply: 'Object{metadata: Object.metadata{labels: {"team": params.data["team"]}}}',
        paramKind: { apiVersion: 'v1', kind: 'ConfigMap' },
      }),
    ],
    bindings: [
      binding('from-params', 'from-params', { paramRef: { name: 'team', namespace: 'shop', parameterNotFoundAction: 'Deny' } }),
    ],
    params: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'team', namespace: 'shop' }, data: { team: 'search' } }],
    object: deployment(),
    expect: { allowed: true, object: withLabels({ team: 'search' }) },
  },
  {
    name: 'run-time CEL is dynamic: a comparison the schema check rejects (int with string) is false, so the policy does not apply',
    policies: [policy('dynamic', { condition: 'object.spec.replicas == "2"', apply: LABEL })],
    bindings: [binding('dynamic', 'dynamic')],
    object: deployment(),
    expect: { allowed: true, object: deployment() },
  },
  {
    name: "a list field's path names its item type: Object.spec.template.spec.containers{...} builds a container",
    policies: [
      policy('sidecar', {
        apply:
          'Object{spec: Object.spec{template: Object.spec.template{spec: Object.spec.template.spec{containers: [Object.spec.template.spec.containers{name: "proxy", image: "proxy:1"}]}}}}',
      }),
    ],
    bindings: [binding('sidecar', 'sidecar')],
    object: deployment(),
    expect: { allowed: true, object: withContainer({ name: 'proxy', image: 'proxy:1' }) },
  },
  {
    name: 'IfNeeded reinvocation: two IfNeeded counters and a Never one, from 0, end at 5 (one second pass)',
    policies: ['a', 'b', 'c'].map((name, i) =>
      policy(name, {
        reinvocationPolicy: i < 2 ? 'IfNeeded' : 'Never',
        apply: 'Object{spec: Object.spec{replicas: object.spec.replicas + 1}}',
      }),
    ),
    bindings: ['a', 'b', 'c'].map((name) => binding(name, name)),
    object: withReplicas(0),
    expect: { allowed: true, object: withReplicas(5) },
  },
  ...errorScenarios(),
  // The patched object must still decode as a Deployment; upstream returns that failure as an
  // internal error whatever the failure policy says, so Ignore does not let it through either.
  ...(['Fail', 'Ignore'] as const).map((failurePolicy): Scenario => ({
    name: `a JSON patch adding a field the kind does not have, under failurePolicy ${failurePolicy}`,
    policies: [policy('p', { failurePolicy, jsonPatch: '[JSONPatch{op: "add", path: "/spec/replicaz", value: 3}]' })],
    bindings: [binding('b', 'p')],
    object: deployment(),
    expect: { allowed: false, errorContains: 'strict decoding error', says: 'replicaz' },
  })),
];
