// Cases replayed from the upstream matching tests of admission policies: resource rules with
// exact and equivalent matching, subresources, names and exclusions, as matched resource and kind.
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../json.js';
import { readMatchResources } from '../state/defaults.js';
import { createState } from '../state/state.js';
import { matchResources, type MatchAttributes } from './matcher.js';

const state = createState([{ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'ns' } }]);
const ctx = { state, namespaceOf: (n: string) => state.namespaces.get(n) };

const rule = (apiGroups: string[], apiVersions: string[], resources: string[], extra: JsonObject = {}): JsonObject => ({
  operations: ['*'],
  apiGroups,
  apiVersions,
  resources,
  scope: '*',
  ...extra,
});

function deployment(over: Partial<MatchAttributes> = {}): MatchAttributes {
  return {
    kind: { group: 'apps', version: 'v1', kind: 'Deployment' },
    resource: { group: 'apps', version: 'v1', resource: 'deployments' },
    subResource: '',
    name: 'name',
    namespace: 'ns',
    operation: 'CREATE',
    object: { metadata: { name: 'name' } },
    oldObject: undefined,
    ...over,
  };
}
const scale = (over: Partial<MatchAttributes> = {}): MatchAttributes =>
  deployment({ kind: { group: 'autoscaling', version: 'v1', kind: 'Scale' }, subResource: 'scale', ...over });

interface Case {
  name: string;
  criteria: JsonObject;
  attrs: MatchAttributes;
  /** `group/version/resource` matched, or false. */
  expected: string | false;
}

const SPECIFIC = [rule(['extensions'], ['v1beta1'], ['deployments']), rule(['apps'], ['v1beta1'], ['deployments'])];
const SPECIFIC_SCALE = [
  rule(['extensions'], ['v1beta1'], ['deployments', 'deployments/scale']),
  rule(['apps'], ['v1beta1'], ['deployments', 'deployments/scale']),
];

const cases: Case[] = [
  // Upstream's "no rules" case misses only through its unset object selector; the server
  // defaults that selector to {}, and then an empty rule list matches everything.
  {
    name: 'no rules, selectors defaulted',
    criteria: { namespaceSelector: {}, objectSelector: {}, resourceRules: [] },
    attrs: deployment(),
    expected: 'apps/v1/deployments',
  },
  {
    name: 'a wildcard rule matches as requested',
    criteria: { resourceRules: [rule(['*'], ['*'], ['*'])] },
    attrs: deployment(),
    expected: 'apps/v1/deployments',
  },
  {
    name: 'an exact rule is preferred',
    criteria: { resourceRules: [...SPECIFIC, rule(['apps'], ['v1'], ['deployments'])] },
    attrs: deployment(),
    expected: 'apps/v1/deployments',
  },
  {
    name: 'no rule for the request nor an equivalent',
    criteria: { matchPolicy: 'Exact', resourceRules: SPECIFIC },
    attrs: deployment(),
    expected: false,
  },
  {
    name: 'the first equivalent rule decides (extensions)',
    criteria: { matchPolicy: 'Equivalent', resourceRules: SPECIFIC },
    attrs: deployment(),
    expected: 'extensions/v1beta1/deployments',
  },
  {
    name: 'the first equivalent rule decides (apps)',
    criteria: { matchPolicy: 'Equivalent', resourceRules: [...SPECIFIC].reverse() },
    attrs: deployment(),
    expected: 'apps/v1beta1/deployments',
  },
  {
    name: 'a subresource, exact rule preferred',
    criteria: { resourceRules: [...SPECIFIC_SCALE, rule(['apps'], ['v1'], ['deployments', 'deployments/scale'])] },
    attrs: scale(),
    expected: 'apps/v1/deployments',
  },
  {
    name: 'a subresource, exact match miss',
    criteria: { matchPolicy: 'Exact', resourceRules: SPECIFIC_SCALE },
    attrs: scale(),
    expected: false,
  },
  {
    name: 'a subresource, equivalent match',
    criteria: { matchPolicy: 'Equivalent', resourceRules: SPECIFIC_SCALE },
    attrs: scale(),
    expected: 'extensions/v1beta1/deployments',
  },
  {
    name: 'a plain resource rule does not match a subresource',
    criteria: { resourceRules: [rule(['apps'], ['v1'], ['deployments'])] },
    attrs: scale(),
    expected: false,
  },
  {
    name: 'a matching name',
    criteria: { resourceRules: [rule(['apps'], ['v1'], ['deployments'], { resourceNames: ['name'] })] },
    attrs: deployment(),
    expected: 'apps/v1/deployments',
  },
  {
    name: 'another name',
    criteria: { resourceRules: [rule(['apps'], ['v1'], ['deployments'], { resourceNames: ['other'] })] },
    attrs: deployment(),
    expected: false,
  },
  {
    name: 'a generated name never matches names',
    criteria: { resourceRules: [rule(['apps'], ['v1'], ['deployments'], { resourceNames: ['name'] })] },
    attrs: deployment({ name: '' }),
    expected: false,
  },
  {
    name: 'an equivalent subresource match with names',
    criteria: {
      matchPolicy: 'Equivalent',
      resourceRules: [rule(['extensions'], ['v1beta1'], ['deployments/scale'], { resourceNames: ['name'] })],
    },
    attrs: scale(),
    expected: 'extensions/v1beta1/deployments',
  },
  {
    name: 'an exclusion that misses',
    criteria: {
      resourceRules: [rule(['*'], ['*'], ['*'])],
      excludeResourceRules: [rule(['apps'], ['v1'], ['deployments'], { resourceNames: ['other'] })],
    },
    attrs: deployment(),
    expected: 'apps/v1/deployments',
  },
  {
    name: 'an exclusion that hits',
    criteria: { resourceRules: [rule(['*'], ['*'], ['*'])], excludeResourceRules: [rule(['apps'], ['v1'], ['deployments'])] },
    attrs: deployment(),
    expected: false,
  },
  {
    name: 'a Namespaced rule and a cluster-scoped request',
    criteria: { resourceRules: [rule(['*'], ['*'], ['*'], { scope: 'Namespaced' })] },
    attrs: deployment({
      kind: { group: '', version: 'v1', kind: 'Node' },
      resource: { group: '', version: 'v1', resource: 'nodes' },
      namespace: '',
    }),
    expected: false,
  },
  {
    name: 'a Cluster rule and a namespaced request',
    criteria: { resourceRules: [rule(['*'], ['*'], ['*'], { scope: 'Cluster' })] },
    attrs: deployment(),
    expected: false,
  },
  {
    name: 'an operation the rule does not list',
    criteria: { resourceRules: [rule(['apps'], ['v1'], ['deployments'], { operations: ['UPDATE'] })] },
    attrs: deployment(),
    expected: false,
  },
];

describe('upstream parity: matching', () => {
  it.each(cases)('$name', (c) => {
    const outcome = matchResources(readMatchResources(c.criteria), c.attrs, ctx);
    expect(
      outcome.matches ? `${outcome.resource.group}/${outcome.resource.version}/${outcome.resource.resource}` : false,
    ).toEqual(c.expected);
  });

  it('reports the kind an equivalent subresource is served as', () => {
    const kindFor = (rules: JsonObject[], attrs: MatchAttributes) => {
      const outcome = matchResources(readMatchResources({ matchPolicy: 'Equivalent', resourceRules: rules }), attrs, ctx);
      return outcome.matches ? outcome.kind : undefined;
    };
    expect(kindFor(SPECIFIC_SCALE, scale())).toEqual({ group: 'extensions', version: 'v1beta1', kind: 'Scale' });
    expect(kindFor([...SPECIFIC_SCALE].reverse(), scale())).toEqual({ group: 'apps', version: 'v1beta1', kind: 'Scale' });
    const v1beta1Scale = scale({
      kind: { group: 'apps', version: 'v1beta1', kind: 'Scale' },
      resource: { group: 'apps', version: 'v1beta1', resource: 'deployments' },
    });
    expect(kindFor([rule(['apps'], ['v1'], ['deployments/scale'])], v1beta1Scale)).toEqual({
      group: 'autoscaling',
      version: 'v1',
      kind: 'Scale',
    });
    const status = deployment({ subResource: 'status' });
    expect(kindFor([rule(['extensions'], ['v1beta1'], ['deployments/status'])], status)).toEqual({
      group: 'extensions',
      version: 'v1beta1',
      kind: 'Deployment',
    });
  });
});
