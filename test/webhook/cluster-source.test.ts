// One API source on its own, against the fake API server: a list that gets no answer counts
// as failed and is retried, and the source reports it until a list completes.
import { rmSync } from 'node:fs';
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResourceSource } from '../../packages/admission/src/cluster/resource-source.js';
import { namespace, startApi, writeKubeconfig } from './cluster-fixture.js';
import type { FakeApiServer } from './fake-api-server.js';
import { eventually, makeCa, tempDir, type Ca } from './helpers.js';

describe('an API source', () => {
  let ca: Ca;
  let api: FakeApiServer;
  let dir: string;
  const kc = new KubeConfig();

  beforeAll(async () => {
    ca = makeCa();
    api = await startApi(ca);
    dir = tempDir('cluster-source');
    kc.loadFromFile(writeKubeconfig(dir, ca, api.url));
  });

  afterAll(async () => {
    await api.stop();
    rmSync(ca.dir, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives up on a list that gets no answer, says so, and retries until one completes', async () => {
    api.apply(namespace('shop', { env: 'prod' }));
    api.stallLists(true);
    const events: { event: string; fields: Record<string, unknown> }[] = [];
    const source = new ResourceSource(
      { apiVersion: 'v1', kind: 'Namespace' },
      kc,
      () => undefined,
      (event, fields) => events.push({ event, fields }),
      { firstMs: 50, maxMs: 100 },
      300,
    );
    source.start();
    try {
      await eventually(() => events.some((e) => e.event === 'cluster.source_error'));
      expect(events.find((e) => e.event === 'cluster.source_error')?.fields.error).toBe(
        'the list of v1/Namespace got no answer within 300 ms',
      );
      expect(source.status).toMatchObject({ synced: false, resource: 'namespaces', namespaced: false });
      expect(source.status.downSince).toBeTypeOf('number');
      api.stallLists(false);
      await eventually(() => source.status.synced);
      expect(source.status.downSince).toBeUndefined();
      expect(source.objects().map((o) => [o.apiVersion, o.kind, (o.metadata as { name: string }).name])).toEqual([
        ['v1', 'Namespace', 'shop'],
      ]);
      expect(Object.isFrozen(source.objects()[0])).toBe(true);
    } finally {
      source.stop();
    }
  });
});
