import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../json.js';
import { readMatchResources } from '../state/defaults.js';
import { createState } from '../state/state.js';
import { matchResources, neverMatched, type MatchAttributes } from './matcher.js';

const namespaces: JsonObject[] = [
  { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'prod', labels: { env: 'prod' } } },
  { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'dev', labels: { env: 'dev' } } },
];
const state = createState(namespaces);
const ctx = { state, namespaceOf: (n: string) => state.namespaces.get(n) };

function deploymentAttrs(over: Partial<MatchAttributes> = {}): MatchAttributes {
  return {
    kind: { group: 'apps', version: 'v1', kind: 'Deployment' },
    resource: { group: 'apps', version: 'v1', resource: 'deployments' },
    subResource: '',
    name: 'web',
    namespace: 'prod',
    operation: 'CREATE',
    object: { metadata: { labels: { app: 'web' } } },
    oldObject: undefined,
    ...over,
  };
}

const v1beta1 = deploymentAttrs({
  kind: { group: 'apps', version: 'v1beta1', kind: 'Deployment' },
  resource: { group: 'apps', version: 'v1beta1', resource: 'deployments' },
});
const extensions = deploymentAttrs({
  kind: { group: 'extensions', version: 'v1beta1', kind: 'Deployment' },
  resource: { group: 'extensions', version: 'v1beta1', resource: 'deployments' },
});

function rule(over: JsonObject = {}): JsonObject {
  return { operations: ['CREATE', 'UPDATE'], apiGroups: ['apps'], apiVersions: ['v1'], resources: ['deployments'], ...over };
}

function match(criteria: JsonObject, attrs: MatchAttributes) {
  return matchResources(readMatchResources(criteria), attrs, ctx);
}

describe('resource rules', () => {
  it('matches group, version, resource and operation with wildcards', () => {
    expect(match({ resourceRules: [rule()] }, deploymentAttrs()).matches).toBe(true);
    expect(match({ resourceRules: [rule({ operations: ['UPDATE'] })] }, deploymentAttrs()).matches).toBe(false);
    expect(
      match(
        { resourceRules: [rule({ apiGroups: ['*'], apiVersions: ['*'], resources: ['*'], operations: ['*'] })] },
        deploymentAttrs(),
      ).matches,
    ).toBe(true);
    expect(match({ resourceRules: [rule({ resources: ['pods'] })] }, deploymentAttrs()).matches).toBe(false);
  });

  it('distinguishes subresources: * matches none, x/* any, */* everything, x/status only status', () => {
    const status = deploymentAttrs({ subResource: 'status' });
    expect(match({ resourceRules: [rule({ resources: ['*'] })] }, status).matches).toBe(false);
    expect(match({ resourceRules: [rule({ resources: ['deployments'] })] }, status).matches).toBe(false);
    expect(match({ resourceRules: [rule({ resources: ['deployments/*'] })] }, status).matches).toBe(true);
    expect(match({ resourceRules: [rule({ resources: ['*/status'] })] }, status).matches).toBe(true);
    expect(match({ resourceRules: [rule({ resources: ['*/scale'] })] }, status).matches).toBe(false);
    expect(match({ resourceRules: [rule({ resources: ['*/*'] })] }, deploymentAttrs()).matches).toBe(true);
    expect(match({ resourceRules: [rule({ resources: ['*/*'] })] }, status).matches).toBe(true);
  });

  it('applies scope: Namespaced excludes cluster-scoped requests and Namespaces', () => {
    const ns = deploymentAttrs({
      kind: { group: '', version: 'v1', kind: 'Namespace' },
      resource: { group: '', version: 'v1', resource: 'namespaces' },
      namespace: 'prod',
      name: 'prod',
      object: { metadata: { name: 'prod' } },
    });
    const any = { apiGroups: ['*'], apiVersions: ['*'], resources: ['*'] };
    expect(match({ resourceRules: [rule({ ...any, scope: 'Namespaced' })] }, ns).matches).toBe(false);
    expect(match({ resourceRules: [rule({ ...any, scope: 'Cluster' })] }, ns).matches).toBe(true);
    expect(match({ resourceRules: [rule({ scope: 'Cluster' })] }, deploymentAttrs()).matches).toBe(false);
    expect(match({ resourceRules: [rule({ scope: 'Namespaced' })] }, deploymentAttrs()).matches).toBe(true);
  });

  it('matches a request whose values hold a NUL without the cache, so it cannot take the outcome of another whose joined values read the same', () => {
    const criteria = readMatchResources({ resourceRules: [rule({ resourceNames: ['z'] })] });
    const named = deploymentAttrs({ kind: { group: 'apps', version: 'v1', kind: 'Deployment\u0000web' }, name: 'z' });
    const shifted = deploymentAttrs({ name: 'web\u0000z' });
    expect(matchResources(criteria, named, ctx).matches).toBe(true);
    expect(matchResources(criteria, shifted, ctx).matches).toBe(false);
  });

  it('checks resourceNames; a generated (empty) name never matches', () => {
    expect(match({ resourceRules: [rule({ resourceNames: ['web'] })] }, deploymentAttrs()).matches).toBe(true);
    expect(match({ resourceRules: [rule({ resourceNames: ['api'] })] }, deploymentAttrs()).matches).toBe(false);
    expect(match({ resourceRules: [rule({ resourceNames: ['web'] })] }, deploymentAttrs({ name: '' })).matches).toBe(false);
  });

  it('lets exclude rules win', () => {
    expect(
      match({ resourceRules: [rule()], excludeResourceRules: [rule({ resourceNames: ['web'] })] }, deploymentAttrs()).matches,
    ).toBe(false);
  });
});

describe('matchPolicy', () => {
  it('Equivalent matches apps/v1beta1 and extensions/v1beta1 requests through apps/v1 and reports apps/v1', () => {
    for (const attrs of [v1beta1, extensions]) {
      const outcome = match({ resourceRules: [rule()], matchPolicy: 'Equivalent' }, attrs);
      expect(outcome).toEqual({
        matches: true,
        resource: { group: 'apps', version: 'v1', resource: 'deployments' },
        kind: { group: 'apps', version: 'v1', kind: 'Deployment' },
      });
    }
  });

  it('defaults to Equivalent and Exact matches only the request itself', () => {
    expect(match({ resourceRules: [rule()] }, v1beta1).matches).toBe(true);
    expect(match({ resourceRules: [rule()], matchPolicy: 'Exact' }, v1beta1).matches).toBe(false);
    expect(match({ resourceRules: [rule({ apiVersions: ['v1beta1'] })], matchPolicy: 'Exact' }, v1beta1).matches).toBe(true);
  });

  it('applies equivalence to exclude rules too: excluding v1beta1 excludes v1', () => {
    const criteria = { resourceRules: [rule()], excludeResourceRules: [rule({ apiVersions: ['v1beta1'] })] };
    expect(match(criteria, deploymentAttrs()).matches).toBe(false);
    expect(match({ ...criteria, matchPolicy: 'Exact' }, deploymentAttrs()).matches).toBe(true);
  });

  it('knows no equivalents for resources without them (pods)', () => {
    const pod = deploymentAttrs({
      kind: { group: '', version: 'v1', kind: 'Pod' },
      resource: { group: '', version: 'v1', resource: 'pods' },
    });
    expect(
      match({ resourceRules: [rule({ apiGroups: [''], apiVersions: ['v1beta1'], resources: ['pods'] })] }, pod).matches,
    ).toBe(false);
  });

  it('only uses equivalents that serve the subresource', () => {
    const scale = { ...v1beta1, subResource: 'scale' };
    expect(match({ resourceRules: [rule({ resources: ['deployments/scale'] })] }, scale).matches).toBe(true);
  });
});

describe('selectors', () => {
  it('matches the namespace labels; cluster-scoped requests are never exempted', () => {
    const criteria = {
      resourceRules: [rule({ apiGroups: ['*'], resources: ['*'], apiVersions: ['*'] })],
      namespaceSelector: { matchLabels: { env: 'prod' } },
    };
    expect(match(criteria, deploymentAttrs()).matches).toBe(true);
    expect(match(criteria, deploymentAttrs({ namespace: 'dev' })).matches).toBe(false);
    const node = deploymentAttrs({
      kind: { group: '', version: 'v1', kind: 'Node' },
      resource: { group: '', version: 'v1', resource: 'nodes' },
      namespace: '',
    });
    expect(match(criteria, node).matches).toBe(true);
  });

  it('uses a Namespace request’s own labels', () => {
    const criteria = {
      resourceRules: [rule({ apiGroups: [''], apiVersions: ['v1'], resources: ['namespaces'] })],
      namespaceSelector: { matchLabels: { env: 'new' } },
    };
    const ns = deploymentAttrs({
      kind: { group: '', version: 'v1', kind: 'Namespace' },
      resource: { group: '', version: 'v1', resource: 'namespaces' },
      namespace: 'fresh',
      object: { metadata: { name: 'fresh', labels: { env: 'new' } } },
    });
    expect(match(criteria, ns).matches).toBe(true);
  });

  it('reports an unknown namespace only when the rules match', () => {
    const criteria = { resourceRules: [rule()], namespaceSelector: { matchLabels: { env: 'prod' } } };
    expect(match(criteria, deploymentAttrs({ namespace: 'ghost' }))).toEqual({
      matches: false,
      error: { message: 'namespaces "ghost" not found', code: 404 },
    });
    expect(
      match({ ...criteria, resourceRules: [rule({ resources: ['pods'] })] }, deploymentAttrs({ namespace: 'ghost' })),
    ).toEqual({ matches: false });
  });

  it('matches the object selector against the new or the old object', () => {
    const criteria = {
      resourceRules: [rule()],
      objectSelector: { matchExpressions: [{ key: 'tier', operator: 'In', values: ['front'] }] },
    };
    expect(match(criteria, deploymentAttrs()).matches).toBe(false);
    expect(
      match(criteria, deploymentAttrs({ operation: 'UPDATE', oldObject: { metadata: { labels: { tier: 'front' } } } })).matches,
    ).toBe(true);
    expect(match(criteria, deploymentAttrs({ object: null })).matches).toBe(false);
  });

  it('reports a broken selector as an error once the rules match', () => {
    const broken = {
      resourceRules: [rule()],
      objectSelector: { matchExpressions: [{ key: 'tier', operator: 'In', values: [] }] },
    };
    const outcome = match(broken, deploymentAttrs());
    expect(outcome.matches).toBe(false);
    expect(outcome.matches === false && outcome.error?.message).toContain("values set can't be empty");
  });
});

describe('never matched', () => {
  it('skips DELETE and the policy and binding resources of any version', () => {
    expect(neverMatched({ operation: 'DELETE', resource: { group: 'apps', version: 'v1', resource: 'deployments' } })).toBe(true);
    expect(
      neverMatched({
        operation: 'CREATE',
        resource: { group: 'admissionregistration.plat.io', version: 'v1beta1', resource: 'mutatingadmissionpolicybindings' },
      }),
    ).toBe(true);
    expect(neverMatched({ operation: 'CONNECT', resource: { group: '', version: 'v1', resource: 'pods' } })).toBe(false);
  });
});
