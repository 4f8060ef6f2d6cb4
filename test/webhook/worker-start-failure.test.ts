// `platlint serve` whose admission worker cannot start: the CLI's bundle copied elsewhere without
// packages/admission/dist/worker.mjs (where admissionWorkerEntry() looks, two levels up from the
// bundle), or with one that throws at load. The webhook must keep deciding every request (on its
// main thread) and retry the worker at a slowing pace, not respawn it in a loop, logging it once.
// Workers start when a request first needs one: the first /validate starts this one, and is
// decided on the main thread once the worker has failed to start.
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerOf,
  call,
  CLI,
  deployment,
  deploymentRequest,
  makeCa,
  patched,
  review,
  serve,
  stateArgs,
  stateCopy,
  tempDir,
  type Ca,
  type LogEvent,
  type Reply,
  type Served,
} from './helpers.js';

/** A window long enough for the old loop (one respawn every ~120 ms) to respawn many times. */
const WINDOW_MS = 3000;
/** Respawns allowed in that window once the workers are reported unavailable: at least a second apart each, for up to four slots. */
const MAX_RESPAWNS_IN_WINDOW = 4;

/** The CLI's bundle alone in a tree of its own; `worker`, when given, is written where the bundle looks for the admission worker. */
function cliCopy(worker: string | undefined): { root: string; cli: string } {
  const root = tempDir('cli-copy');
  const cli = join(root, 'packages/cli/dist/platlint.mjs');
  mkdirSync(dirname(cli), { recursive: true });
  for (const file of ['platlint.mjs', 'platlint.script.js', 'kubernetes-client.cjs'])
    copyFileSync(join(dirname(CLI), file), join(dirname(cli), file));
  if (worker !== undefined) {
    const entry = join(root, 'packages/admission/dist/worker.mjs');
    mkdirSync(dirname(entry), { recursive: true });
    writeFileSync(entry, worker);
  }
  return { root, cli };
}

/** A worker that died, whichever way it is logged (the first ones warn, the report is an error, later ones are debug lines). */
const RESPAWN_EVENTS = new Set(['admission.worker_replaced', 'admission.worker_unavailable', 'admission.worker_start_failed']);
const isRespawn = (e: LogEvent) => RESPAWN_EVENTS.has(e.event);

/** Resolves with the `n`-th respawn event. */
function nthRespawn(served: Served, n: number): Promise<LogEvent> {
  return served.waitForLog((e) => isRespawn(e) && served.logs.filter(isRespawn).indexOf(e) === n - 1);
}

describe.each([
  { name: 'is missing', worker: undefined, why: 'worker.mjs' },
  { name: 'throws at load', worker: "throw new Error('this worker is broken');\n", why: 'this worker is broken' },
])('platlint serve when the admission worker module $name', ({ worker, why }) => {
  let ca: Ca;
  let state: string;
  let copy: { root: string; cli: string };
  let served: Served;
  let firstValidate: Reply;

  beforeAll(async () => {
    ca = makeCa();
    state = stateCopy();
    copy = cliCopy(worker);
    // Debug level: every retry is logged, so every one is counted.
    served = await serve([...stateArgs(ca, state), '--log-level', 'debug'], { command: [process.execPath, copy.cli] });
    firstValidate = await call(served.port, '/validate', { ca: ca.caCert, body: review(deploymentRequest('first')) });
  });

  afterAll(async () => {
    expect(await served.stop()).toBe(0);
    for (const dir of [ca.dir, state, copy.root]) rmSync(dir, { recursive: true, force: true });
  });

  it('retries the worker at a slowing pace, and reports it unavailable once, with the reason, after three failures', async () => {
    const third = await nthRespawn(served, 3);
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
    const later = served.logs.slice(served.logs.indexOf(third) + 1);
    expect(later.filter(isRespawn).length).toBeLessThanOrEqual(MAX_RESPAWNS_IN_WINDOW);
    const reports = served.logs.filter((e) => e.event === 'admission.worker_unavailable');
    expect(reports).toHaveLength(1);
    expect(reports[0]).toBe(third);
    expect(third.level).toBe('error');
    expect(String(third.why)).toContain(why);
    // The retries after the report are debug lines, not warnings every time.
    expect(later.filter((e) => e.level === 'warn' || e.level === 'error')).toEqual([]);
  });

  it('decides the request that started the worker on the main thread when the worker fails to start', () => {
    expect(served.logs.filter((e) => e.event === 'admission.worker_started')).toHaveLength(1);
    expect(firstValidate.status).toBe(200);
    expect(answerOf(firstValidate)).toMatchObject({ uid: 'first', allowed: true });
  });

  it('still decides what a worker would have: /validate and a large /mutate', async () => {
    // Whatever the worker's state now (dead, waiting to respawn, or starting again), nothing is lost.
    await nthRespawn(served, 1);
    const bad = deployment();
    (bad.spec as Record<string, unknown>).replicas = -3;
    const denied = answerOf(await call(served.port, '/validate', { ca: ca.caCert, body: review(deploymentRequest('bad', bad)) }));
    expect(denied).toMatchObject({ uid: 'bad', allowed: false });
    expect(denied.status?.message).toContain('spec.replicas');
    const allowed = answerOf(await call(served.port, '/validate', { ca: ca.caCert, body: review(deploymentRequest('good')) }));
    expect(allowed).toMatchObject({ uid: 'good', allowed: true });

    // A body over the main thread's limit is meant for a worker: it gets the same mutations as a small one.
    const mutate = async (request: Record<string, unknown>) =>
      answerOf(await call(served.port, '/mutate', { ca: ca.caCert, body: review(request) }));
    const small = await mutate(deploymentRequest('small'));
    const object = deployment({ annotations: { padding: 'x'.repeat(100_000) } });
    const large = await mutate(deploymentRequest('large', object));
    expect(large.allowed).toBe(true);
    expect(small.patch).toBeDefined();
    const withoutPadding = (o: unknown) => ({
      ...(o as { spec: Record<string, unknown> }).spec,
      labels: (o as { metadata: { labels: unknown } }).metadata.labels,
    });
    expect(withoutPadding(patched(object, large))).toEqual(withoutPadding(patched(deployment(), small)));
    expect(served.logs.filter((e) => e.event === 'http.internal_error')).toEqual([]);
  });
});
