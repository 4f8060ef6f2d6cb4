// `platlint serve --watch-policies` without state files: the policies and bindings come
// from the API, pass the same loading checks as files (a refused one is reported and left
// out), and a param kind a new binding needs is discovered and watched from then on.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  configMap,
  mutateIn,
  namespace,
  POLICY_OBJECTS,
  serveWithCluster,
  startApi,
  writeKubeconfig,
  type ClusterWebhook,
} from './cluster-fixture.js';
import type { FakeApiServer } from './fake-api-server.js';
import { call, CLI, eventually, FIXTURE_STATE, makeCa, serve, tempDir, type Ca, type Served } from './helpers.js';

const [zonePolicy, zoneBinding, teamPolicy, teamBinding] = POLICY_OBJECTS as [
  Record<string, unknown>,
  Record<string, unknown>,
  Record<string, unknown>,
  Record<string, unknown>,
];

describe('platlint serve --watch-policies', () => {
  let cluster: ClusterWebhook;
  let ca: Ca;
  let api: FakeApiServer;
  let served: Served;

  beforeAll(async () => {
    cluster = await serveWithCluster({
      dir: tempDir('cluster-policies'),
      args: ['--watch-policies'],
      apiRetry: '200ms,1s',
      prepare: (api) => {
        api.apply(namespace('shop', { env: 'prod' }));
        api.apply(zonePolicy);
        api.apply(zoneBinding);
        // The API server would never have stored this one: its patchType is not one of the two.
        api.apply({
          ...zonePolicy,
          metadata: { name: 'broken' },
          spec: {
            ...(zonePolicy.spec as object),
            mutations: [{ patchType: 'Merge', applyConfiguration: { expression: 'Object{}' } }],
          },
        });
      },
    });
    ({ ca, api, served } = cluster);
    await eventually(async () => (await call(served.port, '/readyz', { ca: ca.caCert })).status === 200);
  });

  afterAll(async () => {
    expect(await cluster.stop()).toBe(0);
  });

  it('applies the policies listed from the API and reports the one the loading checks refuse', async () => {
    expect((await mutateIn(served.port, ca, 'shop')).labels.zone).toBe('prod');
    const rejected = await served.waitForLog((e) => e.event === 'cluster.object_rejected');
    expect(rejected.object).toBe('MutatingAdmissionPolicy/broken');
    expect(rejected.problems).toEqual([{ ruleId: 'schema/enum', message: expect.stringContaining('"Merge" is not allowed') }]);
    const generation = served.logs.filter((e) => e.event === 'state.generation').at(-1);
    expect(generation).toMatchObject({ policies: 1, bindings: 1 });
  });

  it('watches the param kind of a policy added later, and applies its params', async () => {
    api.apply(teamPolicy);
    api.apply(teamBinding);
    const added = await served.waitForLog((e) => e.event === 'cluster.source_added');
    expect(added.source).toBe('v1/ConfigMap');
    api.apply(configMap('settings', { team: 'payments' }));
    await eventually(async () => (await mutateIn(served.port, ca, 'shop')).labels.team === 'payments');
  });

  it('resolves a cluster-scoped param kind of another group through discovery', async () => {
    api.apply({
      apiVersion: 'admissionregistration.plat.io/v1',
      kind: 'MutatingAdmissionPolicy',
      metadata: { name: 'priority' },
      spec: {
        paramKind: { apiVersion: 'scheduling.plat.io/v1', kind: 'PriorityClass' },
        matchConstraints: {
          resourceRules: [{ apiGroups: ['apps'], apiVersions: ['v1'], operations: ['CREATE'], resources: ['deployments'] }],
        },
        reinvocationPolicy: 'Never',
        mutations: [
          {
            patchType: 'JSONPatch',
            jsonPatch: { expression: '[JSONPatch{op: "add", path: "/metadata/labels/priority", value: string(params.value)}]' },
          },
        ],
      },
    });
    api.apply({
      apiVersion: 'admissionregistration.plat.io/v1',
      kind: 'MutatingAdmissionPolicyBinding',
      metadata: { name: 'priority' },
      spec: { policyName: 'priority', paramRef: { name: 'high', parameterNotFoundAction: 'Allow' } },
    });
    api.apply({ apiVersion: 'scheduling.plat.io/v1', kind: 'PriorityClass', metadata: { name: 'high' }, value: 1000 });
    await eventually(async () => (await mutateIn(served.port, ca, 'shop')).labels.priority === '1000');
    const listed = await served.waitForLog(
      (e) => e.event === 'cluster.listed' && e.source === 'scheduling.plat.io/v1/PriorityClass',
    );
    expect(listed.resource).toBe('priorityclasses');
    expect(api.requests).toContain('GET /apis/scheduling.plat.io/v1');
  });

  it('stops applying a policy whose binding is deleted in the API', async () => {
    api.delete('MutatingAdmissionPolicyBinding', 'zone');
    await eventually(async () => (await mutateIn(served.port, ca, 'shop')).labels.zone === undefined);
    expect((await mutateIn(served.port, ca, 'shop')).labels.team).toBe('payments');
  });
});

describe('platlint serve with cluster options that cannot work', () => {
  const run = (args: string[]) =>
    spawnSync(process.execPath, [CLI, 'serve', '--insecure', '--port', '0', ...args], { encoding: 'utf8', timeout: 30_000 });

  it('exits 2 naming a kubeconfig it cannot read', () => {
    const result = run(['--state', FIXTURE_STATE, '--kubeconfig', '/nonexistent/kubeconfig']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('cannot read the kubeconfig /nonexistent/kubeconfig');
  });

  it('exits 2 for --in-cluster outside a pod', () => {
    const result = spawnSync(
      process.execPath,
      [CLI, 'serve', '--insecure', '--port', '0', '--in-cluster', '--state', FIXTURE_STATE],
      { encoding: 'utf8', timeout: 30_000, env: { ...process.env, KUBERNETES_SERVICE_HOST: '', KUBERNETES_SERVICE_PORT: '' } },
    );
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--in-cluster needs KUBERNETES_SERVICE_HOST and KUBERNETES_SERVICE_PORT');
  });

  it('refuses --watch-policies without credentials and a bad --stale-after', () => {
    const noCredentials = run(['--watch-policies']);
    expect(noCredentials.status).toBe(2);
    expect(noCredentials.stderr).toContain('--watch-policies reads the policies from the API');
    const badDuration = run(['--state', FIXTURE_STATE, '--kubeconfig', '/x', '--stale-after', 'soon']);
    expect(badDuration.status).toBe(2);
    expect(badDuration.stderr).toContain('--stale-after takes a duration such as 90s, 5m or 1500ms, got "soon"');
  });
});

describe('platlint serve --kubeconfig shutting down', () => {
  it('exits on SIGTERM even while the API server leaves its watches unanswered', async () => {
    const ca = makeCa();
    const api = await startApi(ca);
    api.stallWatches();
    const dir = tempDir('cluster-stall');
    try {
      const served = await serve(['--state', FIXTURE_STATE, '--kubeconfig', writeKubeconfig(dir, ca, api.url), '--insecure']);
      await served.waitForLog((e) => e.event === 'cluster.listed');
      await new Promise((r) => setTimeout(r, 200));
      expect(await served.stop()).toBe(0);
    } finally {
      await api.stop();
      rmSync(ca.dir, { recursive: true, force: true });
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
