// `platlint serve --kubeconfig` learns the cluster's CustomResourceDefinitions from a list
// and watch of the stand-in API server: a mutation of a custom resource is refused (503)
// until its CRD exists there, then merged by the CRD's list-map keys; a changed or deleted
// CRD takes effect on the next requests without a restart; /validate checks a custom
// resource against the cluster's CRD.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveWithCluster, type ClusterWebhook } from './cluster-fixture.js';
import { customObject, sendCustom, WIDGET_CRD, writeCustomState } from './custom-resource-fixture.js';
import type { FakeApiServer } from './fake-api-server.js';
import { call, eventually, tempDir, type Ca, type Served } from './helpers.js';

/** The Widget CRD with `spec.parts` made an atomic list. */
function atomicPartsCrd(): Record<string, unknown> {
  const crd = structuredClone(WIDGET_CRD) as {
    spec: {
      versions: { schema: { openAPIV3Schema: { properties: { spec: { properties: { parts: Record<string, unknown> } } } } } }[];
    };
  };
  const parts = (crd.spec.versions[0] as (typeof crd.spec.versions)[0]).schema.openAPIV3Schema.properties.spec.properties.parts;
  parts['x-kubernetes-list-type'] = 'atomic';
  delete parts['x-kubernetes-list-map-keys'];
  return crd as unknown as Record<string, unknown>;
}

describe('platlint serve --kubeconfig: CustomResourceDefinitions from the API', () => {
  let cluster: ClusterWebhook;
  let ca: Ca;
  let api: FakeApiServer;
  let served: Served;

  beforeAll(async () => {
    const dir = tempDir('cluster-crds');
    // The policies come from the files; the CRD only ever from the API.
    writeCustomState(dir, false);
    cluster = await serveWithCluster({ dir, args: ['--state', dir], apiRetry: '200ms,1s' });
    ({ ca, api, served } = cluster);
    await eventually(async () => (await call(served.port, '/readyz', { ca: ca.caCert })).status === 200);
  });

  afterAll(async () => {
    expect(await cluster.stop()).toBe(0);
  });

  it('lists the CRDs through discovery, and refuses a mutation of a kind no CRD defines yet with 503', async () => {
    const listed = await served.waitForLog(
      (e) => e.event === 'cluster.listed' && e.source === 'apiextensions.plat.io/v1/CustomResourceDefinition',
    );
    expect(listed.resource).toBe('customresourcedefinitions');
    const { answer } = await sendCustom(served.port, ca, customObject('Widget'));
    expect(answer.allowed).toBe(false);
    expect(answer.status?.code).toBe(503);
    expect(answer.status?.message).toContain('Resource kind example.plat.io/v1, Kind=Widget not found');
  });

  it('merges by the keys of a CRD created in the cluster, without a restart', async () => {
    api.apply(WIDGET_CRD);
    await eventually(async () => (await sendCustom(served.port, ca, customObject('Widget'))).answer.allowed);
    const { after } = await sendCustom(served.port, ca, customObject('Widget'));
    expect(after.spec.parts).toEqual([
      { id: 'a', size: 1 },
      { id: 'b', size: 2 },
      { id: 'added', size: 3 },
    ]);
  });

  it("/validate checks a custom resource against the cluster's CRD", async () => {
    const invalid = await sendCustom(served.port, ca, customObject('Widget', [{ id: 'a', size: 20 }]), '/validate');
    expect(invalid.answer.allowed).toBe(false);
    expect(invalid.answer.status?.message).toContain('spec.parts[0].size');
    expect((await sendCustom(served.port, ca, customObject('Widget'), '/validate')).answer.allowed).toBe(true);
  });

  it('follows a CRD changed in the cluster: an atomic list may not be set by an apply configuration', async () => {
    api.apply(atomicPartsCrd());
    await eventually(async () => (await sendCustom(served.port, ca, customObject('Widget'))).answer.status?.code === 403);
    const { answer } = await sendCustom(served.port, ca, customObject('Widget'));
    expect(answer.status?.message).toContain('may not mutate atomic arrays, maps or structs: .spec.parts');
  });

  it('refuses the mutation again once the CRD is deleted', async () => {
    api.delete('CustomResourceDefinition', 'widgets.example.plat.io');
    await eventually(async () => (await sendCustom(served.port, ca, customObject('Widget'))).answer.status?.code === 503);
    // /validate no longer knows the kind: it reports an unknown kind, which is no error.
    expect((await sendCustom(served.port, ca, customObject('Widget', [{ id: 'a', size: 20 }]), '/validate')).answer.allowed).toBe(
      true,
    );
  });
});
