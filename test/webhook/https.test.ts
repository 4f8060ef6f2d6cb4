// `platlint serve` over real HTTPS: AdmissionReviews from a client that trusts only the
// test's CA, the returned patch applied to the object, /validate, the probes, metrics and
// certificate rotation.
import { copyFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerOf,
  call,
  deployment,
  deploymentRequest,
  eventually,
  makeCa,
  patched,
  review,
  serve,
  stateCopy,
  type Ca,
  type Served,
} from './helpers.js';

describe('platlint serve over HTTPS', () => {
  let ca: Ca;
  let served: Served;
  let state: string;
  let serving: { cert: string; key: string };

  beforeAll(async () => {
    ca = makeCa();
    const first = ca.issue('first');
    // The server reads these paths; rotation later copies other files over them.
    serving = { cert: `${ca.dir}/serving.crt`, key: `${ca.dir}/serving.key` };
    copyFileSync(first.cert, serving.cert);
    copyFileSync(first.key, serving.key);
    state = stateCopy();
    served = await serve(['--state', state, '--tls-cert-file', serving.cert, '--tls-private-key-file', serving.key]);
  });

  afterAll(async () => {
    expect(await served.stop()).toBe(0);
    rmSync(ca.dir, { recursive: true, force: true });
    rmSync(state, { recursive: true, force: true });
  });

  it('mutates a Deployment: the patch turns the object into the result of the three matching policies', async () => {
    const object = deployment();
    const answer = answerOf(
      await call(served.port, '/mutate', { ca: ca.caCert, body: review(deploymentRequest('uid-1', object)) }),
    );
    expect(answer.uid).toBe('uid-1');
    expect(answer.allowed).toBe(true);
    expect(answer.patchType).toBe('JSONPatch');
    expect(patched(object, answer)).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: {
        name: 'web',
        namespace: 'shop',
        labels: { app: 'web', team: 'payments' },
        annotations: { 'plat.io/owner': 'alice' },
      },
      spec: {
        replicas: 2,
        selector: { matchLabels: { app: 'web' } },
        template: {
          metadata: { labels: { app: 'web' } },
          spec: {
            containers: [
              { name: 'app', image: 'shop:1.0', ports: [{ containerPort: 8080 }] },
              { name: 'proxy', image: 'proxy:2.1', ports: [{ containerPort: 15001 }] },
            ],
          },
        },
      },
    });
  });

  it('keeps existing labels, answers no patch for an object nothing matches, and says dryRun has no side effects', async () => {
    const object = deployment();
    (object.metadata as { labels: Record<string, string> }).labels.tier = 'front';
    const answer = answerOf(
      await call(served.port, '/mutate', { ca: ca.caCert, body: review(deploymentRequest('uid-2', object, { dryRun: true })) }),
    );
    expect((patched(object, answer) as { metadata: { labels: unknown } }).metadata.labels).toEqual({
      app: 'web',
      tier: 'front',
      team: 'payments',
    });
    expect(answer.warnings).toEqual([expect.stringContaining('no side effects')]);

    const secret = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: 'shop' } };
    const untouched = answerOf(
      await call(served.port, '/mutate', {
        ca: ca.caCert,
        body: review({
          ...deploymentRequest('uid-3', secret),
          kind: { group: '', version: 'v1', kind: 'Secret' },
          resource: { group: '', version: 'v1', resource: 'secrets' },
        }),
      }),
    );
    expect(untouched).toEqual({ uid: 'uid-3', allowed: true });
  });

  it('validates with the linter rules and denies errors with the findings as the message', async () => {
    const bad = deployment();
    (bad.spec as Record<string, unknown>).replicas = -3;
    const answer = answerOf(
      await call(served.port, '/validate', { ca: ca.caCert, body: review(deploymentRequest('uid-4', bad)) }),
    );
    expect(answer.allowed).toBe(false);
    expect(answer.status?.message).toContain('spec.replicas');
    expect(
      answerOf(await call(served.port, '/validate', { ca: ca.caCert, body: review(deploymentRequest('uid-5')) })).allowed,
    ).toBe(true);
  });

  it('is reachable only by clients that trust its CA, and only over TLS', async () => {
    await expect(call(served.port, '/healthz')).rejects.toThrow(/self.signed|unable to verify|certificate/i);
    const plain = await fetch(`http://127.0.0.1:${served.port}/healthz`).then(
      () => 'answered',
      () => 'refused',
    );
    expect(plain).toBe('refused');
  });

  it('serves the probes and Prometheus metrics', async () => {
    expect((await call(served.port, '/healthz', { ca: ca.caCert })).status).toBe(200);
    expect((await call(served.port, '/readyz', { ca: ca.caCert })).status).toBe(200);
    const metrics = await call(served.port, '/metrics', { ca: ca.caCert });
    expect(metrics.headers['content-type']).toContain('text/plain; version=0.0.4');
    expect(metrics.body).toMatch(/platlint_webhook_requests_total\{path="\/mutate",code="200"\} \d+/);
    expect(metrics.body).toContain(
      'platlint_webhook_policy_outcomes_total{policy="sidecar",binding="sidecar",outcome="matched"}',
    );
    expect(metrics.body).toContain('platlint_webhook_request_duration_seconds_bucket{path="/mutate",le="+Inf"}');
    expect(metrics.body).toContain('platlint_webhook_state_policies 10');
  });

  it('picks up a rotated certificate without a restart, and keeps the old one while the pair does not match', async () => {
    const before = await call(served.port, '/healthz', { ca: ca.caCert });
    const second = ca.issue('second');
    // Half a rotation: the new certificate with the old key cannot be served.
    copyFileSync(second.cert, serving.cert);
    await served.waitForLog((e) => e.event === 'tls.reload_failed');
    expect((await call(served.port, '/healthz', { ca: ca.caCert })).peer).toBe(before.peer);
    copyFileSync(second.key, serving.key);
    await served.waitForLog((e) => e.event === 'tls.reloaded');
    let after = before;
    await eventually(async () => {
      after = await call(served.port, '/healthz', { ca: ca.caCert });
      return after.peer !== before.peer;
    });
    expect(after.status).toBe(200);
    const answer = answerOf(await call(served.port, '/mutate', { ca: ca.caCert, body: review(deploymentRequest('uid-6')) }));
    expect(answer.allowed).toBe(true);
  });
});
