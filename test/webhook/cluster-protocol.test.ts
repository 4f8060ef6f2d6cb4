// The fake API server of the cluster tests speaks the platform's real protocol: Debian's
// kubectl (package kubernetes-client, installed by .ci/run) lists through it after its own
// discovery, and follows a watch to an event that happens after the watch began.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeApiServer } from './fake-api-server.js';
import { eventually } from './helpers.js';

function kubectlPath(): string | undefined {
  try {
    return execFileSync('sh', ['-c', 'command -v kubectl'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

const kubectl = kubectlPath();
if (!kubectl)
  console.warn('cluster-protocol tests skipped: kubectl is not installed (apt-get install kubernetes-client; .ci/run does it)');

describe.skipIf(!kubectl)('the fake API server, read by kubectl', () => {
  const api = new FakeApiServer();
  let server: string;
  // No kubeconfig of the machine's user may take part.
  const env = { ...process.env, KUBECONFIG: '/dev/null', HOME: '/nonexistent' };

  beforeAll(async () => {
    server = await api.start();
    api.apply({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop', labels: { team: 'payments' } } });
  });
  afterAll(() => api.stop());

  it('lists namespaces as JSON after discovery', async () => {
    // Asynchronously: the server answering it lives in this process.
    const { stdout: out } = await promisify(execFile)(
      kubectl as string,
      ['--server', server, 'get', 'namespaces', '-o', 'json'],
      { encoding: 'utf8', env, timeout: 30_000 },
    );
    const list = JSON.parse(out) as {
      kind: string;
      items: { kind: string; metadata: { name: string; labels: Record<string, string>; resourceVersion: string } }[];
    };
    expect(list.kind).toBe('List');
    expect(list.items).toHaveLength(1);
    expect(list.items[0]?.kind).toBe('Namespace');
    expect(list.items[0]?.metadata).toMatchObject({ name: 'shop', labels: { team: 'payments' } });
    expect(api.requests.some((r) => r.startsWith('GET /api/v1/namespaces'))).toBe(true);
  });

  it('follows a watch from the list to a namespace created afterwards', async () => {
    const child = spawn(
      kubectl as string,
      ['--server', server, 'get', 'namespaces', '--watch', '--output-watch-events', '-o', 'json'],
      { env },
    );
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (out += chunk));
    try {
      // The watch request follows the list, from the list's resourceVersion.
      await eventually(() => api.requests.some((r) => r.includes('/api/v1/namespaces?') && r.includes('watch=true')));
      api.apply({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'late', labels: { team: 'search' } } });
      await eventually(() => out.includes('"late"'));
      const watchRequest = api.requests.find((r) => r.includes('watch=true')) ?? '';
      expect(watchRequest).toMatch(/resourceVersion=\d+/);
      // Each event is one JSON document: {"type": ..., "object": ...}.
      const events = out
        .split(/\n(?=\{)/)
        .filter((t) => t.trim() !== '')
        .map((t) => JSON.parse(t) as { type: string; object: { metadata: { name: string } } });
      expect(events.map((e) => [e.type, e.object.metadata.name])).toEqual([
        ['ADDED', 'shop'],
        ['ADDED', 'late'],
      ]);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
