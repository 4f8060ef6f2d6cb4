import { describe, expect, it } from 'vitest';
import { admit } from './admit.js';
import type { JsonObject } from './json.js';
import { applyJsonPatch } from './merge/json-patch.js';
import { createState } from './state/state.js';
import {
  apply,
  binding,
  DEPLOYMENT_RULES,
  deployment,
  deploymentRequest,
  patch,
  policy,
  singlePolicyState,
  specSchema,
  widgetDefinition,
  type Mutation,
} from './test-support/objects.js';
import { at, names } from './test-support/read.js';

const INCREMENT = apply('Object{spec: Object.spec{replicas: object.spec.replicas + 1}}');

function replicas(o: unknown): unknown {
  return at(o as JsonObject, 'spec', 'replicas');
}

describe('admit', () => {
  it('applies a label, a sidecar and an annotation and answers with a patch', () => {
    const state = createState([
      policy({ name: 'label', mutations: [apply('Object{metadata: Object.metadata{labels: {"team": "a"}}}')] }),
      binding('label-b', 'label'),
      policy({
        name: 'sidecar',
        mutations: [
          apply(
            'Object{spec: Object.spec{template: Object.spec.template{spec: Object.spec.template.spec{containers: [Object.spec.template.spec.containers{name: "proxy", image: "proxy:1"}]}}}}',
          ),
        ],
      }),
      binding('sidecar-b', 'sidecar'),
      policy({
        name: 'annotate',
        mutations: [
          patch('[JSONPatch{op: "add", path: "/metadata/annotations", value: {"plat.io/owner": request.userInfo.username}}]'),
        ],
      }),
      binding('annotate-b', 'annotate'),
    ]);
    const original = deployment();
    const result = admit(state, deploymentRequest(original));
    expect(result.status).toBeUndefined();
    expect(result.allowed).toBe(true);
    expect(result.uid).toBe('u1');
    const out = result.object;
    expect(at(out, 'metadata', 'labels')).toEqual({ app: 'web', team: 'a' });
    expect(at(out, 'metadata', 'annotations')).toEqual({ 'plat.io/owner': 'alice' });
    expect(names(at(out, 'spec', 'template', 'spec', 'containers'))).toEqual(['app', 'proxy']);
    expect(applyJsonPatch(original, result.patch)).toEqual(result.object);
    expect(original).toEqual(deployment());
  });

  it('does nothing for a policy without bindings, for DELETE, or for unmatched kinds', () => {
    const unbound = createState([policy({ mutations: [INCREMENT] })]);
    expect(admit(unbound, deploymentRequest()).patch).toEqual([]);
    const state = singlePolicyState({ mutations: [INCREMENT] });
    expect(admit(state, deploymentRequest(deployment(), { operation: 'DELETE' })).patch).toEqual([]);
    const pod = admit(state, {
      ...deploymentRequest(),
      kind: { group: '', version: 'v1', kind: 'Pod' },
      resource: { group: '', version: 'v1', resource: 'pods' },
    });
    expect(pod.patch).toEqual([]);
  });

  it('runs mutations in order, each seeing the previous result', () => {
    const state = singlePolicyState({
      mutations: [INCREMENT, patch('[JSONPatch{op: "add", path: "/metadata/labels/seen", value: string(object.spec.replicas)}]')],
    });
    const out = admit(state, deploymentRequest()).object;
    expect(replicas(out)).toBe(3);
    expect(at(out, 'metadata', 'labels', 'seen')).toBe('3');
  });

  it('evaluates variables lazily, each using earlier ones', () => {
    const state = singlePolicyState({
      variables: [
        { name: 'base', expression: 'object.spec.replicas * 10' },
        { name: 'next', expression: 'variables.base + 1' },
        { name: 'broken', expression: '1 / 0 == 1' },
      ],
      mutations: [apply('Object{spec: Object.spec{replicas: variables.next}}')],
    });
    // `broken` is never read, so it never fails.
    const result = admit(state, deploymentRequest());
    expect(result.allowed).toBe(true);
    expect(replicas(result.object)).toBe(21);
  });

  it('skips on a false match condition and follows the failure policy on errors', () => {
    const skip = singlePolicyState({
      matchConditions: [{ name: 'big', expression: 'object.spec.replicas > 5' }],
      mutations: [INCREMENT],
    });
    expect(admit(skip, deploymentRequest()).patch).toEqual([]);
    const failing = {
      matchConditions: [{ name: 'err', expression: '1 / (object.spec.replicas - 2) == 1' }],
      mutations: [INCREMENT],
    };
    const denied = admit(singlePolicyState(failing), deploymentRequest());
    expect(denied.allowed).toBe(false);
    expect(denied.status?.message).toContain("policy 'p' with binding 'b' denied request: matchCondition 'err'");
    const ignored = admit(singlePolicyState({ ...failing, failurePolicy: 'Ignore' }), deploymentRequest());
    expect(ignored.allowed).toBe(true);
    expect(ignored.patch).toEqual([]);
    // A false condition wins over an error in another one.
    const falseWins = singlePolicyState({
      matchConditions: [failing.matchConditions[0] as { name: string; expression: string }, { name: 'no', expression: 'false' }],
      mutations: [INCREMENT],
    });
    expect(admit(falseWins, deploymentRequest()).allowed).toBe(true);
  });

  it('denies on Fail with a 403 naming the policy and binding, and keeps the object', () => {
    const state = singlePolicyState({ mutations: [apply('Object{spec: Object.spec{replicas: object.spec.replicas / 0}}')] });
    const result = admit(state, deploymentRequest());
    expect(result.allowed).toBe(false);
    expect(result.status).toMatchObject({ code: 403, reason: 'Invalid' });
    expect(result.status?.message).toMatch(
      /^policy 'p' with binding 'b' denied request: expression 'Object\{.*' resulted in error: /,
    );
    expect(result.object).toEqual(deployment());
    expect(result.patch).toEqual([]);
  });

  it('admits on Ignore: the failing mutation contributes nothing, later ones still run, a warning says why', () => {
    const state = singlePolicyState({
      failurePolicy: 'Ignore',
      mutations: [apply('Object{spec: Object.spec{replicas: object.spec.replicas / 0}}'), INCREMENT],
    });
    const result = admit(state, deploymentRequest());
    expect(result.allowed).toBe(true);
    expect(replicas(result.object)).toBe(3);
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toContain("policy 'p' with binding 'b'");
    expect(result.warnings[0]).toContain('failurePolicy Ignore');
  });

  it('treats an expression over its cost budget as an error like any other', () => {
    const state = singlePolicyState({
      mutations: [
        apply(
          'Object{spec: Object.spec{replicas: [1, 2, 3, 4, 5, 6, 7, 8].map(x, [1, 2, 3, 4, 5, 6, 7, 8].map(y, x * y)).size()}}',
        ),
      ],
    });
    expect(admit(state, deploymentRequest()).allowed).toBe(true);
    const result = admit(state, deploymentRequest(), { costLimit: 20 });
    expect(result.allowed).toBe(false);
    expect(result.status?.message).toContain('cost limit exceeded');
  });

  it('fails an expression that runs past the request deadline', () => {
    const ten = '[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]';
    const state = singlePolicyState({
      mutations: [apply(`Object{spec: Object.spec{replicas: ${ten}.map(x, ${ten}.map(y, ${ten}.map(z, x + y + z))).size()}}`)],
    });
    expect(admit(state, deploymentRequest(), { timeoutMs: 60_000 }).allowed).toBe(true);
    const result = admit(state, deploymentRequest(), { timeoutMs: -1 });
    expect(result.allowed).toBe(false);
    expect(result.status?.message).toContain('deadline exceeded');
  });

  it('rejects an apply configuration that sets an atomic field, per failure policy', () => {
    const state = singlePolicyState({
      mutations: [apply('Object{spec: Object.spec{selector: Object.spec.selector{matchLabels: {"x": "y"}}}}')],
    });
    const result = admit(state, deploymentRequest());
    expect(result.status?.message).toContain(
      'invalid ApplyConfiguration: may not mutate atomic arrays, maps or structs: .spec.selector',
    );
  });

  it('drops a JSON patch whose test fails and errors on removing a missing path', () => {
    const tested = singlePolicyState({
      mutations: [
        patch(
          '[JSONPatch{op: "test", path: "/spec/replicas", value: 7}, JSONPatch{op: "replace", path: "/spec/replicas", value: 1}]',
        ),
        INCREMENT,
      ],
    });
    const out = admit(tested, deploymentRequest());
    expect(out.allowed).toBe(true);
    expect(replicas(out.object)).toBe(3);
    const removing = singlePolicyState({
      mutations: [patch('[JSONPatch{op: "remove", path: "/metadata/annotations/" + jsonpatch.escapeKey("plat.io/x")}]')],
    });
    const denied = admit(removing, deploymentRequest());
    expect(denied.status?.message).toContain(
      'JSON Patch: remove operation does not apply: doc is missing path: "/metadata/annotations/plat.io~1x"',
    );
  });

  it('decodes built-in kinds strictly after a JSON patch, whatever the failure policy', () => {
    const state = singlePolicyState({
      failurePolicy: 'Ignore',
      mutations: [patch('[JSONPatch{op: "add", path: "/spec/replicaz", value: 1}]')],
    });
    const result = admit(state, deploymentRequest());
    expect(result.allowed).toBe(false);
    expect(result.status).toMatchObject({ code: 500, message: 'strict decoding error: unknown field "spec.replicaz"' });
  });

  it('takes a field named like an Object.prototype member as unknown in strict decoding', () => {
    const state = singlePolicyState({
      mutations: [
        patch(
          '[JSONPatch{op: "add", path: "/spec/constructor", value: 1}, JSONPatch{op: "add", path: "/metadata/toString", value: "x"}]',
        ),
      ],
    });
    expect(admit(state, deploymentRequest()).status).toMatchObject({
      code: 500,
      message: 'strict decoding error: unknown field "metadata.toString", unknown field "spec.constructor"',
    });
  });

  it('fails decoding a JSON patch that leaves a value of the wrong type, whatever the failure policy, but not for one the object already had', () => {
    const state = singlePolicyState({
      failurePolicy: 'Ignore',
      mutations: [patch('[JSONPatch{op: "replace", path: "/spec/replicas", value: "three"}]')],
    });
    expect(admit(state, deploymentRequest()).status).toMatchObject({
      code: 500,
      message: 'decoding error: "spec.replicas" must be an integer, not "three"',
    });
    const beside = singlePolicyState({ mutations: [patch('[JSONPatch{op: "replace", path: "/spec/replicas", value: 5}]')] });
    const result = admit(beside, deploymentRequest(deployment({ spec: { replicas: 2, paused: 'no' } })));
    expect(result.status).toBeUndefined();
    expect(result.patch).toEqual([{ op: 'replace', path: '/spec/replicas', value: 5 }]);
  });

  it('does not hold an unknown field the object already had against a JSON patch beside it', () => {
    const state = singlePolicyState({ mutations: [patch('[JSONPatch{op: "replace", path: "/spec/replicas", value: 5}]')] });
    const result = admit(state, deploymentRequest(deployment({ spec: { replicas: 2, legacy: { x: 1 } } })));
    expect(result.status).toBeUndefined();
    expect(result.patch).toEqual([{ op: 'replace', path: '/spec/replicas', value: 5 }]);
  });

  it('hands policies an equivalent request in the matched version and converts back', () => {
    const state = singlePolicyState({
      mutations: [
        patch(
          '[JSONPatch{op: "add", path: "/metadata/annotations", value: {"seen": request.kind.version + " " + object.apiVersion + " " + request.requestKind.version}}]',
        ),
      ],
    });
    const object = { ...deployment(), apiVersion: 'apps/v1beta1' };
    const result = admit(
      state,
      deploymentRequest(object, {
        kind: { group: 'apps', version: 'v1beta1', kind: 'Deployment' },
        resource: { group: 'apps', version: 'v1beta1', resource: 'deployments' },
      }),
    );
    expect(at(result.object, 'metadata', 'annotations', 'seen')).toBe('v1 apps/v1 v1beta1');
    expect(at(result.object, 'apiVersion')).toBe('apps/v1beta1');
    expect(result.patch).toEqual([{ op: 'add', path: '/metadata/annotations', value: { seen: 'v1 apps/v1 v1beta1' } }]);
  });

  it('gives expressions the namespace object and the binding match resources', () => {
    const ns = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default', labels: { env: 'prod' } } };
    const state = singlePolicyState(
      {
        mutations: [patch('[JSONPatch{op: "add", path: "/metadata/labels/env", value: namespaceObject.metadata.labels["env"]}]')],
      },
      [ns],
      { matchResources: { namespaceSelector: { matchLabels: { env: 'prod' } } } },
    );
    expect(at(admit(state, deploymentRequest()).object, 'metadata', 'labels', 'env')).toBe('prod');
    const other = admit(state, deploymentRequest(deployment(), { namespace: 'ghost' }));
    expect(other.status).toMatchObject({
      code: 403,
      message: `policy 'p' with binding 'b' denied request: failed to configure binding: namespaces "ghost" not found`,
    });
  });

  it('lets the failure policy decide when a namespace selector meets a namespace the state does not hold', () => {
    const selector = { namespaceSelector: { matchLabels: { env: 'prod' } } };
    const label = patch('[JSONPatch{op: "add", path: "/metadata/labels/seen", value: "yes"}]');
    const ghost = deploymentRequest(deployment(), { namespace: 'ghost' });
    const onPolicy = admit(
      createState([
        policy({
          name: 'p',
          failurePolicy: 'Ignore',
          mutations: [label],
          matchConstraints: { ...DEPLOYMENT_RULES, ...selector },
        }),
        binding('b', 'p'),
      ]),
      ghost,
    );
    expect(onPolicy).toMatchObject({
      allowed: true,
      patch: [],
      warnings: [
        'policy "p" denied request: failed to configure policy: namespaces "ghost" not found (ignored: failurePolicy Ignore)',
      ],
    });
    const onBinding = admit(
      singlePolicyState({ failurePolicy: 'Ignore', mutations: [label] }, [], { matchResources: selector }),
      ghost,
    );
    expect(onBinding).toMatchObject({
      allowed: true,
      patch: [],
      warnings: [
        `policy 'p' with binding 'b' denied request: failed to configure binding: namespaces "ghost" not found (ignored: failurePolicy Ignore)`,
      ],
    });
    const failing = admit(
      createState([
        policy({ name: 'p', mutations: [label], matchConstraints: { ...DEPLOYMENT_RULES, ...selector } }),
        binding('b', 'p'),
      ]),
      ghost,
    );
    expect(failing.status).toMatchObject({
      code: 403,
      message: 'policy "p" denied request: failed to configure policy: namespaces "ghost" not found',
    });
  });
});

describe('admit: matching remembered per state and request attributes', () => {
  const label = patch('[JSONPatch{op: "add", path: "/metadata/labels/seen", value: "yes"}]');
  const seen = (state: ReturnType<typeof createState>, extra: Partial<Parameters<typeof deploymentRequest>[1]> = {}) =>
    at(admit(state, deploymentRequest(deployment(), extra)).object, 'metadata', 'labels', 'seen');
  const namespace = (name: string, env: string): JsonObject => ({
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name, labels: { env } },
  });

  it('matches each namespace by its own labels, in any order of requests', () => {
    const state = singlePolicyState({ mutations: [label] }, [namespace('shop', 'prod'), namespace('lab', 'dev')], {
      matchResources: { namespaceSelector: { matchLabels: { env: 'prod' } } },
    });
    expect(seen(state, { namespace: 'shop' })).toBe('yes');
    expect(seen(state, { namespace: 'lab' })).toBeUndefined();
    expect(seen(state, { namespace: 'shop' })).toBe('yes');
  });

  it('matches resource names per request name', () => {
    const rules = {
      resourceRules: [
        { apiGroups: ['apps'], apiVersions: ['v1'], operations: ['CREATE'], resources: ['deployments'], resourceNames: ['web'] },
      ],
    };
    const state = singlePolicyState({ mutations: [label], matchConstraints: rules });
    expect(seen(state, { name: 'web' })).toBe('yes');
    expect(seen(state, { name: 'api' })).toBeUndefined();
  });

  it('records a matching failure again for every request', () => {
    const state = singlePolicyState({ mutations: [label] }, [], {
      matchResources: { namespaceSelector: { matchLabels: { env: 'prod' } } },
    });
    for (let i = 0; i < 2; i++)
      expect(admit(state, deploymentRequest(deployment(), { namespace: 'ghost' })).status?.message).toContain(
        'namespaces "ghost" not found',
      );
  });

  it('takes params from the request namespace each time', () => {
    const configMap = (namespace: string, replicas: string): JsonObject => ({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'limits', namespace },
      data: { replicas },
    });
    const state = singlePolicyState(
      {
        paramKind: { apiVersion: 'v1', kind: 'ConfigMap' },
        mutations: [apply('Object{spec: Object.spec{replicas: int(params.data["replicas"])}}')],
      },
      [configMap('default', '5'), configMap('other', '7')],
      { paramRef: { name: 'limits' } },
    );
    expect(replicas(admit(state, deploymentRequest(deployment(), { namespace: 'default' })).object)).toBe(5);
    expect(replicas(admit(state, deploymentRequest(deployment(), { namespace: 'other' })).object)).toBe(7);
  });

  it('does not let a NUL in a name stand for a field boundary', () => {
    const rules = {
      resourceRules: [
        { apiGroups: ['apps'], apiVersions: ['v1'], operations: ['CREATE'], resources: ['deployments'], resourceNames: ['web'] },
      ],
    };
    const state = singlePolicyState({ mutations: [label], matchConstraints: rules }, [
      namespace('a', 'prod'),
      namespace('a\u0000b', 'prod'),
    ]);
    // The same characters split differently between namespace and name.
    expect(seen(state, { namespace: 'a\u0000b', name: 'web' })).toBe('yes');
    expect(seen(state, { namespace: 'a', name: 'b\u0000web' })).toBeUndefined();
  });

  it('starts over with another state', () => {
    const bound = singlePolicyState({ mutations: [label] });
    expect(seen(bound)).toBe('yes');
    const unbound = createState([policy({ name: 'p', mutations: [label] })]);
    expect(seen(unbound)).toBeUndefined();
  });
});

describe('admit: the authorizer', () => {
  it('answers authorizer checks with the authorizer of the options, the offline one (denies) by default', () => {
    const state = singlePolicyState({
      mutations: [
        patch(
          '[JSONPatch{op: "add", path: "/metadata/labels/may", value: string(authorizer.group("apps").resource("deployments").namespace("default").check("create").allowed())}]',
        ),
      ],
    });
    const may = (options: Parameters<typeof admit>[2]) =>
      at(admit(state, deploymentRequest(), options).object, 'metadata', 'labels', 'may');
    expect(may({})).toBe('false');
    expect(
      may({ authorizer: { authorize: (a) => ({ decision: a.user === 'alice' && a.verb === 'create' ? 'allow' : 'deny' }) } }),
    ).toBe('true');
  });
});

describe('params', () => {
  const configMap = (name: string, labels: Record<string, string>, replicas: string, namespace = 'default'): JsonObject => ({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name, namespace, labels },
    data: { replicas },
  });
  const fromParams = {
    paramKind: { apiVersion: 'v1', kind: 'ConfigMap' },
    mutations: [apply('Object{spec: Object.spec{replicas: object.spec.replicas + int(params.data["replicas"])}}')],
  };

  it('finds a param by name in the request namespace', () => {
    const state = singlePolicyState(fromParams, [configMap('limits', {}, '5'), configMap('limits', {}, '100', 'other')], {
      paramRef: { name: 'limits' },
    });
    expect(replicas(admit(state, deploymentRequest()).object)).toBe(7);
  });

  it('runs once per param a selector selects, effects accumulating', () => {
    const state = singlePolicyState(
      fromParams,
      [configMap('a', { use: 'yes' }, '1'), configMap('b', { use: 'yes' }, '10'), configMap('c', { use: 'no' }, '100')],
      { paramRef: { selector: { matchLabels: { use: 'yes' } } } },
    );
    expect(replicas(admit(state, deploymentRequest()).object)).toBe(13);
  });

  it('skips on Allow and denies on Deny (the default) when nothing is found', () => {
    const allow = singlePolicyState(fromParams, [], { paramRef: { name: 'missing', parameterNotFoundAction: 'Allow' } });
    expect(admit(allow, deploymentRequest()).patch).toEqual([]);
    const deny = singlePolicyState(fromParams, [], { paramRef: { name: 'missing' } });
    const result = admit(deny, deploymentRequest());
    expect(result.allowed).toBe(false);
    expect(result.status?.message).toBe(
      "policy 'p' with binding 'b' denied request: failed to configure binding: no params found for policy binding with `Deny` parameterNotFoundAction",
    );
  });

  it('gives params null when the binding has no paramRef, and reports an unknown paramKind', () => {
    const none = singlePolicyState({
      paramKind: { apiVersion: 'v1', kind: 'ConfigMap' },
      mutations: [apply('Object{spec: Object.spec{replicas: params == null ? 9 : 1}}')],
    });
    expect(replicas(admit(none, deploymentRequest()).object)).toBe(9);
    const unknown = singlePolicyState(
      { paramKind: { apiVersion: 'example.plat.io/v1', kind: 'Limits' }, mutations: [INCREMENT] },
      [],
      {
        paramRef: { name: 'x' },
      },
    );
    expect(admit(unknown, deploymentRequest()).status?.message).toMatch(
      /^policy "p" denied request: failed to configure policy: paramKind example.plat.io\/v1, Kind=Limits/,
    );
  });

  it('rejects a namespace on a cluster-scoped paramKind', () => {
    const state = singlePolicyState({ paramKind: { apiVersion: 'v1', kind: 'Namespace' }, mutations: [INCREMENT] }, [], {
      paramRef: { name: 'default', namespace: 'x' },
    });
    expect(admit(state, deploymentRequest()).status?.message).toContain(
      'paramRef.namespace must not be provided for a cluster-scoped `paramKind`',
    );
  });
});

describe('reinvocation', () => {
  const counter = (name: string, reinvocationPolicy: 'Never' | 'IfNeeded') => [
    policy({ name, reinvocationPolicy, mutations: [INCREMENT] }),
    binding(`${name}-b`, name),
  ];
  const start = () => deploymentRequest(deployment({ spec: { replicas: 0 } }));

  it('re-runs IfNeeded invocations once after the object changed: IfNeeded, IfNeeded, Never count to 5', () => {
    const state = createState([...counter('a', 'IfNeeded'), ...counter('b', 'IfNeeded'), ...counter('c', 'Never')]);
    expect(replicas(admit(state, start()).object)).toBe(5);
  });

  it('runs a lone IfNeeded policy twice and a Never policy once', () => {
    expect(replicas(admit(createState(counter('a', 'IfNeeded')), start()).object)).toBe(2);
    expect(replicas(admit(createState(counter('a', 'Never')), start()).object)).toBe(1);
  });

  it('makes no second pass when nothing ran', () => {
    const state = createState([
      policy({
        name: 'a',
        reinvocationPolicy: 'IfNeeded',
        matchConditions: [{ name: 'never', expression: 'false' }],
        mutations: [INCREMENT],
      }),
      binding('a-b', 'a'),
    ]);
    expect(admit(state, start()).patch).toEqual([]);
  });
});

describe('custom resources', () => {
  const crd = widgetDefinition([
    {
      name: 'v1',
      served: true,
      schema: specSchema({
        parts: {
          type: 'array',
          'x-kubernetes-list-type': 'map',
          'x-kubernetes-list-map-keys': ['id'],
          items: { type: 'object', properties: { id: { type: 'string' }, size: { type: 'integer' } } },
        },
      }),
    },
  ]);
  const widgetPolicyOptions = {
    name: 'w',
    matchConstraints: {
      resourceRules: [{ apiGroups: ['example.plat.io'], apiVersions: ['v1'], operations: ['CREATE'], resources: ['widgets'] }],
    },
    mutations: [apply('Object{spec: Object.spec{parts: [Object.spec.parts{id: "b", size: 2}]}}')],
  };
  const widgetPolicy = policy(widgetPolicyOptions);
  const request = {
    kind: { group: 'example.plat.io', version: 'v1', kind: 'Widget' },
    resource: { group: 'example.plat.io', version: 'v1', resource: 'widgets' },
    namespace: 'default',
    name: 'w1',
    operation: 'CREATE' as const,
    object: {
      apiVersion: 'example.plat.io/v1',
      kind: 'Widget',
      metadata: { name: 'w1' },
      spec: { parts: [{ id: 'a', size: 1 }] },
    },
  };

  it('merges with the schema of the CRD in the state', () => {
    const result = admit(createState([crd, widgetPolicy, binding('wb', 'w')]), request);
    expect(at(result.object, 'spec', 'parts')).toEqual([
      { id: 'a', size: 1 },
      { id: 'b', size: 2 },
    ]);
    expect(result.warnings).toEqual([]);
  });

  it('merges a JSON patch of a custom resource without decoding it strictly (it is unstructured upstream)', () => {
    const patching = policy({
      ...widgetPolicyOptions,
      mutations: [patch('[JSONPatch{op: "add", path: "/spec/extra", value: 1}]')],
    });
    const result = admit(createState([crd, patching, binding('wb', 'w')]), request);
    expect(result.allowed).toBe(true);
    expect(at(result.object, 'spec', 'extra')).toBe(1);
  });

  // upstream mutating/dispatcher.go, dispatchOne: no type converter for the kind is a 503
  // status error, returned before any failure policy is looked at.
  for (const failurePolicy of ['Fail', 'Ignore'] as const) {
    for (const [what, mutation] of [
      ['apply configuration', widgetPolicyOptions.mutations[0] as Mutation],
      ['JSON patch', patch('[JSONPatch{op: "add", path: "/spec/x", value: 1}]')],
    ] as const) {
      it(`refuses an ${what} without the CRD with 503 naming the kind, under failurePolicy ${failurePolicy}`, () => {
        const result = admit(
          createState([policy({ ...widgetPolicyOptions, failurePolicy, mutations: [mutation] }), binding('wb', 'w')]),
          request,
        );
        expect(result.allowed).toBe(false);
        expect(result.status).toMatchObject({
          code: 503,
          reason: 'ServiceUnavailable',
          message: expect.stringContaining('Resource kind example.plat.io/v1, Kind=Widget not found'),
        });
        expect(result.object).toEqual(request.object);
        expect(result.patch).toEqual([]);
        expect(result.warnings).toEqual([]);
        expect(result.outcomes).toEqual([
          {
            policy: 'w',
            binding: 'wb',
            pass: 1,
            outcome: 'failed',
            failure: { kind: 'no-schema', message: result.status?.message },
          },
        ]);
      });
    }
  }

  it('does not look for the schema of a kind whose policy a match condition skips', () => {
    const skipped = policy({ ...widgetPolicyOptions, matchConditions: [{ name: 'never', expression: 'false' }] });
    const result = admit(createState([skipped, binding('wb', 'w')]), request);
    expect(result.allowed).toBe(true);
    expect(result.outcomes).toEqual([{ policy: 'w', binding: 'wb', pass: 1, outcome: 'skipped' }]);
  });
});

// Constant mutations are evaluated once and their value reused (patch/mutation-value.ts);
// the results must not show it.
describe('constant mutations', () => {
  const LABEL = apply('Object{metadata: Object.metadata{labels: {"team": "a"}}}');

  it('give every request the same, independent result', () => {
    const state = singlePolicyState({ mutations: [LABEL] });
    const first = admit(state, deploymentRequest());
    (at(first.object, 'metadata', 'labels') as JsonObject).team = 'changed by the caller';
    const second = admit(state, deploymentRequest());
    expect(at(second.object, 'metadata', 'labels')).toEqual({ app: 'web', team: 'a' });
    expect(second.patch).toEqual([{ op: 'add', path: '/metadata/labels/team', value: 'a' }]);
  });

  it('still fail under a cost limit below their cost once a value is known', () => {
    const state = singlePolicyState({
      mutations: [apply('Object{spec: Object.spec{replicas: [1, 2, 3, 4, 5, 6, 7, 8].map(x, x * 2).size()}}')],
    });
    expect(admit(state, deploymentRequest()).allowed).toBe(true);
    const result = admit(state, deploymentRequest(), { costLimit: 3 });
    expect(result.allowed).toBe(false);
    expect(result.status?.message).toContain('cost limit exceeded');
    expect(admit(state, deploymentRequest()).allowed).toBe(true);
  });

  it('give JSON patches values the caller may change', () => {
    const state = singlePolicyState({
      mutations: [patch('[JSONPatch{op: "add", path: "/metadata/annotations", value: {"owner": "platform"}}]')],
    });
    const first = admit(state, deploymentRequest());
    (at(first.object, 'metadata', 'annotations') as JsonObject).owner = 'changed by the caller';
    expect(at(admit(state, deploymentRequest()).object, 'metadata', 'annotations')).toEqual({ owner: 'platform' });
  });
});

describe('admit: outcomes as data', () => {
  it.each([
    ['match-condition', { matchConditions: [{ name: 'c', expression: 'object.spec.nosuchfield == 1' }], mutations: [INCREMENT] }],
    ['expression', { mutations: [apply('Object{spec: Object.spec{replicas: object.spec.nosuchfield}}')] }],
    ['result-type', { mutations: [apply('object.spec')] }],
    ['merge', { mutations: [apply('Object{spec: Object.spec{replicaz: 1}}')] }],
    ['patch', { mutations: [patch('[JSONPatch{op: "remove", path: "/metadata/annotations/none"}]')] }],
  ] as const)('records a %s failure with its kind, failed under Fail and ignored under Ignore', (kind, options) => {
    for (const failurePolicy of ['Fail', 'Ignore'] as const) {
      const result = admit(singlePolicyState({ ...options, failurePolicy }), deploymentRequest(deployment()));
      expect(result.allowed).toBe(failurePolicy === 'Ignore');
      expect(result.outcomes).toEqual([
        {
          policy: 'p',
          binding: 'b',
          pass: 1,
          outcome: failurePolicy === 'Fail' ? 'failed' : 'ignored',
          failure: { kind, message: expect.stringMatching(/^policy 'p' with binding 'b' denied request: /) },
        },
      ]);
    }
  });

  it('records skipped, mutated and unchanged invocations, per pass, and missing params', () => {
    expect(
      admit(
        singlePolicyState({ matchConditions: [{ name: 'c', expression: 'false' }], mutations: [INCREMENT] }),
        deploymentRequest(deployment()),
      ).outcomes,
    ).toEqual([{ policy: 'p', binding: 'b', pass: 1, outcome: 'skipped' }]);
    expect(
      admit(singlePolicyState({ mutations: [apply('Object{spec: Object.spec{replicas: 2}}')] }), deploymentRequest(deployment()))
        .outcomes,
    ).toEqual([{ policy: 'p', binding: 'b', pass: 1, outcome: 'unchanged' }]);
    expect(
      admit(singlePolicyState({ mutations: [INCREMENT], reinvocationPolicy: 'IfNeeded' }), deploymentRequest(deployment()))
        .outcomes,
    ).toEqual([
      { policy: 'p', binding: 'b', pass: 1, outcome: 'mutated' },
      { policy: 'p', binding: 'b', pass: 2, outcome: 'mutated' },
    ]);
    const missing = admit(
      singlePolicyState({ mutations: [INCREMENT], paramKind: { apiVersion: 'v1', kind: 'ConfigMap' } }, [], {
        paramRef: { name: 'absent', namespace: 'default', parameterNotFoundAction: 'Deny' },
      }),
      deploymentRequest(deployment()),
    );
    expect(missing.outcomes).toEqual([
      {
        policy: 'p',
        binding: 'b',
        pass: 1,
        outcome: 'failed',
        failure: { kind: 'params', message: expect.stringContaining('failed to configure binding: no params found') },
      },
    ]);
  });
});

describe('admit: the second pass', () => {
  it('evaluates the match conditions of invocations it does not re-run, so their errors still deny', () => {
    const state = createState([
      policy({
        name: 'a-check',
        matchConditions: [{ name: 'c', expression: 'object.spec.replicas < 3 || object.spec.nosuchfield == 1' }],
        mutations: [apply('Object{metadata: Object.metadata{labels: {"checked": "yes"}}}')],
      }),
      binding('a-check-b', 'a-check'),
      policy({ name: 'b-increment', reinvocationPolicy: 'IfNeeded', mutations: [INCREMENT] }),
      binding('b-increment-b', 'b-increment'),
    ]);
    const result = admit(state, deploymentRequest(deployment()));
    expect(result.allowed).toBe(false);
    expect(result.status?.message).toMatch(
      /^policy 'a-check' with binding 'a-check-b' denied request: matchCondition 'c': .*nosuchfield/,
    );
    expect(result.outcomes.filter((o) => o.outcome === 'failed')).toEqual([
      {
        policy: 'a-check',
        binding: 'a-check-b',
        pass: 2,
        outcome: 'failed',
        failure: { kind: 'match-condition', message: expect.any(String) },
      },
    ]);
  });

  it('runs when no policy asks for reinvocation but one has match conditions, which then see the mutated object', () => {
    const state = createState([
      policy({
        name: 'a-check',
        matchConditions: [{ name: 'c', expression: 'object.spec.replicas < 3 || object.spec.nosuchfield == 1' }],
        mutations: [apply('Object{metadata: Object.metadata{labels: {"checked": "yes"}}}')],
      }),
      binding('a-check-b', 'a-check'),
      policy({ name: 'b-increment', mutations: [INCREMENT] }),
      binding('b-increment-b', 'b-increment'),
    ]);
    const result = admit(state, deploymentRequest(deployment()));
    expect(result.allowed).toBe(false);
    expect(result.outcomes.filter((o) => o.outcome === 'failed')).toEqual([
      {
        policy: 'a-check',
        binding: 'a-check-b',
        pass: 2,
        outcome: 'failed',
        failure: { kind: 'match-condition', message: expect.any(String) },
      },
    ]);
  });

  it('matches the mutated object again: a policy its object selector now picks has its match conditions evaluated', () => {
    const state = createState([
      policy({ name: 'a-label', mutations: [apply('Object{metadata: Object.metadata{labels: {"checked": "yes"}}}')] }),
      binding('a-label-b', 'a-label'),
      policy({
        name: 'b-selected',
        matchConstraints: { ...DEPLOYMENT_RULES, objectSelector: { matchLabels: { checked: 'yes' } } },
        matchConditions: [{ name: 'c', expression: 'object.spec.nosuchfield == 1' }],
        mutations: [INCREMENT],
      }),
      binding('b-selected-b', 'b-selected'),
    ]);
    const result = admit(state, deploymentRequest(deployment()));
    expect(result.allowed).toBe(false);
    expect(result.outcomes.filter((o) => o.outcome === 'failed')).toEqual([
      {
        policy: 'b-selected',
        binding: 'b-selected-b',
        pass: 2,
        outcome: 'failed',
        failure: { kind: 'match-condition', message: expect.any(String) },
      },
    ]);
  });

  it('records an ignored matching failure of the first pass again in the second', () => {
    const state = createState([
      policy({ name: 'a-label', mutations: [apply('Object{metadata: Object.metadata{labels: {"checked": "yes"}}}')] }),
      binding('a-label-b', 'a-label'),
      policy({
        name: 'b-params',
        failurePolicy: 'Ignore',
        paramKind: { apiVersion: 'v1', kind: 'ConfigMap' },
        mutations: [INCREMENT],
      }),
      binding('b-params-b', 'b-params', { paramRef: { name: 'absent', parameterNotFoundAction: 'Deny' } }),
    ]);
    const result = admit(state, deploymentRequest(deployment()));
    expect(result.allowed).toBe(true);
    expect(result.outcomes.filter((o) => o.outcome === 'ignored').map((o) => [o.policy, o.pass])).toEqual([
      ['b-params', 1],
      ['b-params', 2],
    ]);
  });
});
