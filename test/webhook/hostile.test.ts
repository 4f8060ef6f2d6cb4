// Hostile and broken clients against `platlint serve` over HTTPS: malformed bodies, huge
// bodies, slow clients, expressions that would run (nearly) forever, and a state directory
// edited while requests are in flight.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { TLSSocket } from 'node:tls';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerOf,
  call,
  deployment,
  deploymentRequest,
  eventually,
  makeCa,
  patched,
  policyText,
  rawConnection,
  readUntilClosed,
  review,
  serve,
  stateCopy,
  type Ca,
  type Served,
} from './helpers.js';

function drainedOrClosed(socket: TLSSocket): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      socket.off('drain', done);
      socket.off('close', done);
      resolve();
    };
    socket.on('drain', done);
    socket.on('close', done);
  });
}

const TEN = '[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]';

/** A policy on Deployment creation with one apply configuration, and its binding. */
const applyPolicy = (name: string, expression: string): string => policyText({ name, expression });

/** A policy whose single apply configuration nests `depth` maps over ten elements: 10^depth steps. */
function nestedPolicy(name: string, depth: number): string {
  const vars = 'abcdefgh'.slice(0, depth).split('');
  let e = vars.join(' + ');
  for (const v of [...vars].reverse()) e = `${TEN}.map(${v}, ${e})`;
  return applyPolicy(name, `Object{spec: Object.spec{replicas: ${e}.size()}}`);
}

function labelPolicies(value: string): string {
  // Two policies that always change together: an answer mixing them would mix two states.
  return ['first', 'second']
    .map((name) => applyPolicy(name, `Object{metadata: Object.metadata{labels: {"${name}": "${value}"}}}`))
    .join('---\n');
}

describe('platlint serve against hostile clients', () => {
  let ca: Ca;
  let tls: { cert: string; key: string };
  let served: Served;
  let state: string;

  beforeAll(async () => {
    ca = makeCa();
    tls = ca.issue('server');
    state = stateCopy();
    served = await serve([
      '--state',
      state,
      '--tls-cert-file',
      tls.cert,
      '--tls-private-key-file',
      tls.key,
      '--headers-timeout',
      '1000',
      '--request-timeout',
      '2000',
    ]);
  });

  afterAll(async () => {
    expect(await served.stop()).toBe(0);
    rmSync(ca.dir, { recursive: true, force: true });
    rmSync(state, { recursive: true, force: true });
  });

  it('rejects malformed bodies with 400 and a message that says where', async () => {
    const broken = await call(served.port, '/mutate', {
      ca: ca.caCert,
      body: '{"apiVersion": "admission.plat.io/v1",\n  "kind": "AdmissionReview", "request": {"uid": "x",}}',
    });
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.body)).toMatchObject({
      kind: 'Status',
      code: 400,
      message: expect.stringMatching(/not valid JSON: .*expected a property name.* at position 91 \(line 2, column 53\)/),
    });
    const wrongVersion = await call(served.port, '/mutate', {
      ca: ca.caCert,
      body: JSON.stringify({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', request: {} }),
    });
    expect(wrongVersion.status).toBe(400);
    expect(wrongVersion.body).toContain('apiVersion must be');
    const noRequest = await call(served.port, '/mutate', {
      ca: ca.caCert,
      body: JSON.stringify({ apiVersion: 'admission.plat.io/v1', kind: 'AdmissionReview' }),
    });
    expect(JSON.parse(noRequest.body).message).toContain('request is missing');
    expect(
      (
        await call(served.port, '/mutate', {
          ca: ca.caCert,
          body: review(deploymentRequest('u')),
          headers: { 'content-type': 'application/yaml' },
        })
      ).status,
    ).toBe(415);
    for (const contentType of [
      '',
      'text/plain; charset=utf-8',
      'application/json-patch+json',
      'multipart/form-data; boundary=x',
      'application/jsonx',
    ]) {
      const reply = await call(served.port, '/validate', {
        ca: ca.caCert,
        body: review(deploymentRequest('u')),
        headers: { 'content-type': contentType },
      });
      expect(reply.status, contentType).toBe(415);
      expect(JSON.parse(reply.body)).toMatchObject({ kind: 'Status', code: 415 });
    }
    // Parameters of the JSON media type are fine.
    expect(
      (
        await call(served.port, '/mutate', {
          ca: ca.caCert,
          body: review(deploymentRequest('u')),
          headers: { 'content-type': 'Application/JSON; charset=utf-8' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await call(served.port, '/mutate', { ca: ca.caCert, method: 'PUT', body: review(deploymentRequest('u')) })).status,
    ).toBe(405);
    expect((await call(served.port, '/admit', { ca: ca.caCert, body: review(deploymentRequest('u')) })).status).toBe(404);
  });

  it('answers 413 to a body announced over the limit (19 MiB, review-size.test.ts) without waiting for it', async () => {
    const socket = await rawConnection(served.port, ca.caCert);
    const answer = readUntilClosed(socket);
    // Only the headers are sent: an answer proves the server did not wait for the body.
    socket.write(
      `POST /mutate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${20 * 1024 * 1024}\r\n\r\n`,
    );
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text).toContain(`larger than ${19 * 1024 * 1024} bytes`);
  });

  it('stops reading a chunked body once it passes the limit', async () => {
    const socket = await rawConnection(served.port, ca.caCert);
    const answer = readUntilClosed(socket);
    socket.write(
      'POST /mutate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
    );
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    // Keep sending (up to 64 MiB) until the server closes on us.
    for (let sent = 0; sent < 64 * 1024 * 1024 && !socket.destroyed && socket.writable; sent += chunk.length) {
      socket.write(`${chunk.length.toString(16)}\r\n`);
      socket.write(chunk);
      if (!socket.write('\r\n')) await drainedOrClosed(socket);
    }
    expect(await answer).toMatch(/^HTTP\/1\.1 413 /);
  });

  it('drops a client that is too slow with its headers or its body, serving others meanwhile', async () => {
    const slowHeaders = await rawConnection(served.port, ca.caCert);
    const headersAnswer = readUntilClosed(slowHeaders);
    slowHeaders.write('POST /mutate HTTP/1.1\r\nHost: localhost\r\n');
    const slowBody = await rawConnection(served.port, ca.caCert);
    const bodyAnswer = readUntilClosed(slowBody);
    slowBody.write(
      'POST /mutate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"apiVersion":',
    );
    expect(
      answerOf(await call(served.port, '/mutate', { ca: ca.caCert, body: review(deploymentRequest('while-slow')) })).allowed,
    ).toBe(true);
    expect(await headersAnswer).toMatch(/^HTTP\/1\.1 408 /);
    expect(await bodyAnswer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('answers every request from one whole state while the state directory is rewritten', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-flip-'));
    writeFileSync(join(dir, 'policies.yaml'), labelPolicies('v0'));
    const flipping = await serve(['--state', dir, '--tls-cert-file', tls.cert, '--tls-private-key-file', tls.key]);
    try {
      // A request whose body arrives in two halves, with a rewrite of the state in between.
      const socket = await rawConnection(flipping.port, ca.caCert);
      const answer = readUntilClosed(socket);
      const body = review(deploymentRequest('mid'));
      socket.write(
        `POST /mutate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
      );
      socket.write(body.slice(0, 100));
      writeFileSync(join(dir, 'policies.yaml'), labelPolicies('v1'));
      await flipping.waitForLog((e) => e.event === 'state.loaded' && e.generation === 2);
      socket.write(body.slice(100));
      const mid = JSON.parse((await answer).split('\r\n\r\n')[1] as string) as {
        response: { patch: string; patchType: string; uid: string; allowed: boolean };
      };
      const labels = (patched(deployment(), mid.response) as { metadata: { labels: Record<string, string> } }).metadata.labels;
      expect(labels).toEqual({ app: 'web', first: 'v1', second: 'v1' });

      // Many requests while the file flips between versions: each answer is one version.
      const seen = new Set<string>();
      for (let round = 2; round < 8; round++) {
        writeFileSync(join(dir, 'policies.yaml'), labelPolicies(`v${round}`));
        const answers = await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            call(flipping.port, '/mutate', { ca: ca.caCert, body: review(deploymentRequest(`r${round}-${i}`)) }),
          ),
        );
        for (const reply of answers) {
          const l = (patched(deployment(), answerOf(reply)) as { metadata: { labels: Record<string, string> } }).metadata.labels;
          expect(l.first).toBe(l.second);
          seen.add(l.first as string);
        }
      }
      expect(seen.size).toBeGreaterThan(0);

      // A broken edit: the last good state keeps answering, and the log says why.
      const labelsNow = async (uid: string) =>
        (
          patched(
            deployment(),
            answerOf(await call(flipping.port, '/mutate', { ca: ca.caCert, body: review(deploymentRequest(uid)) })),
          ) as { metadata: { labels: Record<string, string> } }
        ).metadata.labels;
      writeFileSync(join(dir, 'policies.yaml'), labelPolicies('good'));
      await eventually(async () => (await labelsNow('settle')).first === 'good');
      writeFileSync(join(dir, 'policies.yaml'), labelPolicies('good').replace('policyName: second', 'policyName: [second]'));
      const rejected = await flipping.waitForLog((e) => e.event === 'state.reload_rejected');
      expect(JSON.stringify(rejected.problems)).toContain('MutatingAdmissionPolicyBinding/second');
      expect(await labelsNow('after')).toEqual({ app: 'web', first: 'good', second: 'good' });
    } finally {
      expect(await flipping.stop()).toBe(0);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('platlint serve with expressions that run too long', () => {
  it('keeps a policy whose estimated cost is over the limit (advice, as the server stores it) and cuts one that runs past its budget', async () => {
    const ca = makeCa();
    const tls = ca.issue('server');
    const dir = mkdtempSync(join(tmpdir(), 'platlint-forever-'));
    // Eight nested maps: 10^8 steps. The cost estimate is advice; the budget cuts it at run time.
    writeFileSync(join(dir, 'a-forever.yaml'), nestedPolicy('forever', 8));
    // Five nested maps pass the estimate but take far longer than a 1 ms budget.
    writeFileSync(join(dir, 'b-slow.yaml'), nestedPolicy('slow', 5));
    const served = await serve([
      '--state',
      dir,
      '--tls-cert-file',
      tls.cert,
      '--tls-private-key-file',
      tls.key,
      '--evaluation-timeout',
      '1',
    ]);
    try {
      const advice = await served.waitForLog((e) => e.event === 'state.advice' && e.object === 'MutatingAdmissionPolicy/forever');
      expect(JSON.stringify(advice.findings)).toContain('estimated cost');
      const answer = answerOf(await call(served.port, '/mutate', { ca: ca.caCert, body: review(deploymentRequest('slow')) }));
      expect(answer.allowed).toBe(false);
      // Both run (in name order) and are cut: the message is the first failure's.
      expect(answer.status?.message).toMatch(
        /policy 'forever' with binding 'forever' denied request: .*(deadline|cost limit) exceeded/,
      );
      // The server is not stuck: the next request is answered.
      expect((await call(served.port, '/healthz', { ca: ca.caCert })).status).toBe(200);
      const metrics = (await call(served.port, '/metrics', { ca: ca.caCert })).body;
      expect(metrics).toContain('platlint_webhook_policy_outcomes_total{policy="slow",binding="slow",outcome="denied"} 1');
      expect(metrics).toContain('platlint_webhook_policy_outcomes_total{policy="forever",binding="forever",outcome="denied"} 1');
    } finally {
      expect(await served.stop()).toBe(0);
      rmSync(dir, { recursive: true, force: true });
      rmSync(ca.dir, { recursive: true, force: true });
    }
  });
});
