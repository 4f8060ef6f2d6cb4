import { describe, expect, it } from 'vitest';
import { catalog } from './catalog.js';

/** Facts of the spec's endpoint tables, one row per kind. */
const table: [string, string, string | null, boolean, string[]][] = [
  ['v1', 'Endpoints', 'endpoints', true, []],
  ['v1', 'Event', 'events', true, []],
  ['apps/v1', 'Deployment', 'deployments', true, ['scale', 'status']],
  ['scheduling.plat.io/v1alpha3', 'CompositePodGroup', 'compositepodgroups', true, ['status']],
  ['scheduling.plat.io/v1beta1', 'PodGroup', 'podgroups', true, ['status']],
  ['resource.plat.io/v1', 'DeviceTaintRule', 'devicetaintrules', false, ['status']],
  ['flowcontrol.apiserver.plat.io/v1', 'FlowSchema', 'flowschemas', false, ['status']],
  ['flowcontrol.apiserver.plat.io/v1', 'PriorityLevelConfiguration', 'prioritylevelconfigurations', false, ['status']],
  ['admissionregistration.plat.io/v1', 'MutatingAdmissionPolicy', 'mutatingadmissionpolicies', false, []],
  ['admissionregistration.plat.io/v1', 'MutatingAdmissionPolicyBinding', 'mutatingadmissionpolicybindings', false, []],
  ['apiserver.plat.io/v1beta1', 'AuthenticationConfiguration', null, false, []],
  ['apiserver.plat.io/v1beta1', 'AuthorizationConfiguration', null, false, []],
  ['apiserver.plat.io/v1beta1', 'EgressSelectorConfiguration', null, false, []],
  ['apiserver.plat.io/v1beta1', 'TracingConfiguration', null, false, []],
];

describe('kind catalog', () => {
  it.each(table)(
    '%s %s: resource, scope and subresources from the spec',
    (apiVersion, kind, resource, namespaced, subresources) => {
      const match = catalog.lookup(apiVersion, kind);
      expect(match?.info).toMatchObject({ resource, namespaced, lintable: true });
      expect([...(match?.info.subresources ?? [])].sort()).toEqual(subresources);
    },
  );

  it('knows the List kind of every served kind', () => {
    for (const [apiVersion, kind, resource] of table) {
      if (resource) expect(catalog.lookup(apiVersion, `${kind}List`)?.isList).toBe(true);
    }
    expect(catalog.lookup('autoscaling/v1', 'Scale')?.info.lintable).toBe(true);
  });

  it('builds a schema for every kind, with list semantics kept', () => {
    for (const info of catalog.kinds) expect(catalog.schema(info).type).toBe('object');
    const podSpec = catalog.schema(catalog.lookup('apps/v1', 'Deployment')!.info).properties!.spec!.properties!.template!
      .properties!.spec!;
    const containers = podSpec.properties!.containers!;
    expect(containers['x-kubernetes-list-type']).toBe('map');
    expect(containers['x-kubernetes-list-map-keys']).toEqual(['name']);
    expect(podSpec.properties!.nodeSelector!.additionalProperties?.type).toBe('string');
  });

  it('carries the overlay: descriptions, defaults and deprecations', () => {
    const spec = catalog.schema(catalog.lookup('apps/v1', 'Deployment')!.info).properties!.spec!;
    expect(spec.properties!.replicas!.default).toBe(1);
    expect(spec.properties!.progressDeadlineSeconds!.default).toBe(600);
    expect(spec.properties!.replicas!.description?.length).toBeGreaterThan(10);
    expect(catalog.lookup('v1', 'Endpoints')?.info.deprecated).toBeTruthy();
  });

  it('marks the extra kinds as known but not linted', () => {
    expect(catalog.lookup('v1', 'Pod')?.info.lintable).toBe(false);
    expect(catalog.withKindName('Deployment').map((k) => k.apiVersion)).toEqual(['apps/v1']);
  });
});
