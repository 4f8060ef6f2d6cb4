// Issue 23, item 5: deploy/webhooks.yaml registered /validate with failurePolicy Ignore and the
// webhook answered 413 to reviews over 3 MiB, so an object that grows past that once the API
// server has escaped it was admitted unchecked. Every review the server can send must be
// decided. The server writes reviews with Go's encoding/json, which escapes `<`, `>` and `&`
// as `\u003c` and the like (six bytes for one); the largest object it stores is etcd's 1.5 MiB
// request limit (k8s.io/apiserver pkg/server/config.go, NewConfig, MaxRequestBodyBytes).
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import {
  answerOf,
  call,
  deployment,
  deploymentRequest,
  makeCa,
  rawConnection,
  readUntilClosed,
  REPO_ROOT,
  serve,
  stateCopy,
  type Ca,
  type Served,
} from './helpers.js';

const MiB = 1024 * 1024;
/** What the server stores at most (etcd), and the review that can carry two of them, escaped. */
const LARGEST_STORED_OBJECT = 1.5 * MiB;
const REVIEW_LIMIT = 2 * LARGEST_STORED_OBJECT * 6 + 1 * MiB;

/** A Deployment with an unknown container field (an error for /validate) and an env value of `pad` bytes of '<'. */
function paddedDeployment(pad: number): Record<string, unknown> {
  const object = deployment();
  const container = (object.spec as { template: { spec: { containers: [Record<string, unknown>] } } }).template.spec
    .containers[0];
  container.bogusField = 1;
  container.env = [{ name: 'PAD', value: '<'.repeat(pad) }];
  return object;
}

/** The review as the API server writes it: `<` escaped as `\u003c`. */
function escapedReview(request: Record<string, unknown>): string {
  return JSON.stringify({ apiVersion: 'admission.plat.io/v1', kind: 'AdmissionReview', request }).replace(/</g, '\\u003c');
}

/** An object whose JSON is `bytes` long (before escaping). */
function deploymentOfSize(bytes: number): Record<string, unknown> {
  const overhead = JSON.stringify(paddedDeployment(0)).length;
  const object = paddedDeployment(bytes - overhead);
  expect(JSON.stringify(object).length).toBe(bytes);
  return object;
}

describe('platlint serve decides every review the API server can send', () => {
  let ca: Ca;
  let served: Served;
  let state: string;

  beforeAll(async () => {
    ca = makeCa();
    const tls = ca.issue('server');
    state = stateCopy();
    served = await serve(['--state', state, '--tls-cert-file', tls.cert, '--tls-private-key-file', tls.key]);
  });

  afterAll(async () => {
    expect(await served.stop()).toBe(0);
    rmSync(ca.dir, { recursive: true, force: true });
    rmSync(state, { recursive: true, force: true });
  });

  it('denies a 600 KB object for its error once its review has grown to 3.6 MB by escaping, rather than answering 413', async () => {
    const body = escapedReview(deploymentRequest('escaped', paddedDeployment(600_000)));
    expect(Buffer.byteLength(body)).toBeGreaterThan(3.5 * 1000 * 1000);
    const reply = await call(served.port, '/validate', { ca: ca.caCert, body });
    expect(reply.status).toBe(200);
    const answer = answerOf(reply);
    expect(answer.uid).toBe('escaped');
    expect(answer.allowed).toBe(false);
    expect(answer.status?.message).toContain('unknown field "bogusField"');
  });

  it('decides an UPDATE whose object and oldObject are both as large as the server stores, every byte escaped', async () => {
    const object = deploymentOfSize(LARGEST_STORED_OBJECT);
    const body = escapedReview(deploymentRequest('largest', object, { operation: 'UPDATE', oldObject: object }));
    // Escaping grew the review to nearly the limit, and it stays within it.
    expect(Buffer.byteLength(body)).toBeGreaterThan(2 * LARGEST_STORED_OBJECT * 5.9);
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(REVIEW_LIMIT);
    for (const path of ['/validate', '/mutate']) {
      const reply = await call(served.port, path, { ca: ca.caCert, body });
      expect(reply.status, path).toBe(200);
      expect(answerOf(reply).uid, path).toBe('largest');
    }
    expect(answerOf(await call(served.port, '/validate', { ca: ca.caCert, body })).status?.message).toContain(
      'unknown field "bogusField"',
    );
    // Probes were answered all along, and still are.
    expect((await call(served.port, '/healthz', { ca: ca.caCert })).status).toBe(200);
  });

  it('answers 413 only past the largest review (2 × 1.5 MiB × 6 + 1 MiB), without waiting for the body', async () => {
    const socket = await rawConnection(served.port, ca.caCert);
    const answer = readUntilClosed(socket);
    socket.write(
      `POST /validate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${REVIEW_LIMIT + 1}\r\n\r\n`,
    );
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text).toContain(`larger than ${REVIEW_LIMIT} bytes`);
  });

  it('is registered to fail closed on both paths, so no failure of the webhook admits an object', () => {
    type Configuration = { webhooks: { failurePolicy?: string; clientConfig: { service: { path: string } } }[] };
    const configurations = parseAllDocuments(readFileSync(join(REPO_ROOT, 'deploy/webhooks.yaml'), 'utf8')).map(
      (d) => d.toJS() as Configuration,
    );
    const registered = configurations.flatMap((c) => c.webhooks.map((w) => [w.clientConfig.service.path, w.failurePolicy]));
    expect(registered).toEqual([
      ['/mutate', 'Fail'],
      ['/validate', 'Fail'],
    ]);
  });
});
