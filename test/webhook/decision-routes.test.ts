// Where `platlint serve` decides each request (issue 14, item 6; issue 11, item 11): a small
// /mutate on the main thread; a large body, /validate, and a decision that runs past the main
// thread's slice on a worker, the last one's resource and operation then sent to a worker
// straight away. Read from platlint_webhook_decisions_total; every answer is checked too, so
// a route that changes an answer fails here. Workers build their copy of the state lazily.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerOf,
  call,
  deployment,
  deploymentRequest,
  doublingPolicy,
  makeCa,
  patched,
  review,
  serve,
  stateArgs,
  stateCopy,
  type Ca,
  type Served,
} from './helpers.js';

describe('platlint serve decides small requests on the main thread and the rest on a worker', () => {
  let ca: Ca;
  let served: Served;
  let state: string;

  beforeAll(async () => {
    ca = makeCa();
    state = stateCopy();
    writeFileSync(join(state, 'doubling.yaml'), doublingPolicy(22, 'statefulsets'));
    served = await serve(stateArgs(ca, state));
  });

  afterAll(async () => {
    expect(await served.stop()).toBe(0);
    rmSync(ca.dir, { recursive: true, force: true });
    rmSync(state, { recursive: true, force: true });
  });

  async function routes(): Promise<Record<string, number>> {
    const text = (await call(served.port, '/metrics', { ca: ca.caCert })).body;
    const counts: Record<string, number> = {};
    for (const m of text.matchAll(/^platlint_webhook_decisions_total\{route="(\w+)"\} (\d+)$/gm))
      counts[m[1] as string] = Number(m[2]);
    return counts;
  }

  async function mutate(request: Record<string, unknown>) {
    return answerOf(await call(served.port, '/mutate', { ca: ca.caCert, body: review(request) }));
  }

  it('answers a small Deployment and a 100 KB one alike: the first on the main thread, the second on a worker', async () => {
    const small = await mutate(deploymentRequest('small'));
    expect(small.allowed).toBe(true);
    // Workers build their copy of the state only when a request needs it: not at start-up
    // (competing with the probes for the CPU), not for what the main thread decides.
    const built = () => served.logs.filter((e) => e.event === 'admission.worker_state_built');
    expect(built()).toEqual([]);
    // Nor is a worker started before a request needs one (its idle heap would be collected
    // later, on the core the main thread answers on): the 100 KB body below starts it.
    const started = () => served.logs.filter((e) => e.event === 'admission.worker_started');
    expect(started()).toEqual([]);
    const object = deployment({ annotations: { padding: 'x'.repeat(100_000) } });
    const large = await mutate(deploymentRequest('large', object));
    expect(large.allowed).toBe(true);
    // The same three mutations, whichever thread made them.
    const labels = (o: unknown) => (o as { metadata: { labels: unknown } }).metadata.labels;
    expect(labels(patched(object, large))).toEqual(labels(patched(deployment(), small)));
    expect((patched(object, large) as { spec: unknown }).spec).toEqual((patched(deployment(), small) as { spec: unknown }).spec);
    expect(await routes()).toMatchObject({ main: 1, large_body: 1 });
    expect(built().map((e) => e.generation)).toEqual([1]);
    expect(started()).toHaveLength(1);
  });

  it('hands a policy that runs past the slice to a worker, then sends its kind of request there directly', async () => {
    const statefulSet = (uid: string) =>
      deploymentRequest(
        uid,
        { ...deployment(), kind: 'StatefulSet' },
        {
          kind: { group: 'apps', version: 'v1', kind: 'StatefulSet' },
          resource: { group: 'apps', version: 'v1', resource: 'statefulsets' },
        },
      );
    const first = await mutate(statefulSet('costly-1'));
    const second = await mutate(statefulSet('costly-2'));
    // Both decided by a worker with the full evaluation timeout: the same answer.
    expect({ ...second, uid: 'costly-1' }).toEqual(first);
    expect(await routes()).toMatchObject({ over_slice: 1, known_costly: 1 });
    // Other requests still stay on the main thread.
    expect((await mutate(deploymentRequest('small-again'))).allowed).toBe(true);
    expect((await routes()).main).toBe(2);
  });

  it('sends /validate to a worker', async () => {
    const reply = answerOf(await call(served.port, '/validate', { ca: ca.caCert, body: review(deploymentRequest('validated')) }));
    expect(reply.uid).toBe('validated');
    expect((await routes()).validate).toBe(1);
  });
});
