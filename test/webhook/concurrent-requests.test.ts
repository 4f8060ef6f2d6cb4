// Requests that reach `platlint serve` together are decided together, then answered
// (server/decision-batch.ts): each connection must still get the answer to its own request,
// whatever the others in the batch are (mutated, matched by no policy, unreadable).
import { rmSync } from 'node:fs';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deployment,
  deploymentRequest,
  FIXTURE_STATE,
  makeCa,
  patched,
  rawConnection,
  readUntilClosed,
  review,
  serve,
  stateArgs,
  type Ca,
  type ReviewAnswer,
  type Served,
} from './helpers.js';

/** What one connection sends, and what its answer must be. */
interface Exchange {
  body: string;
  check(status: number, body: string): void;
}

function mutated(uid: string): Exchange {
  const object = deployment();
  return {
    body: review(deploymentRequest(uid, object)),
    check(status, body) {
      expect(status).toBe(200);
      const answer = (JSON.parse(body) as { response: ReviewAnswer }).response;
      expect(answer.uid).toBe(uid);
      expect(answer.allowed).toBe(true);
      // The fixture's team-label policy, applied to this request's own object.
      expect((patched(object, answer) as { metadata: { labels: Record<string, string> } }).metadata.labels.team).toBe('payments');
    },
  };
}

function unmatched(uid: string): Exchange {
  const object = { ...deployment(), kind: 'ReplicaSet' };
  const request = deploymentRequest(uid, object, {
    kind: { group: 'apps', version: 'v1', kind: 'ReplicaSet' },
    resource: { group: 'apps', version: 'v1', resource: 'replicasets' },
  });
  return {
    body: review(request),
    check(status, body) {
      expect(status).toBe(200);
      expect((JSON.parse(body) as { response: ReviewAnswer }).response).toEqual({ uid, allowed: true });
    },
  };
}

function unreadable(n: number): Exchange {
  return {
    body: `{"apiVersion": "admission.plat.io/v1", "kind": "AdmissionReview", "request": {"uid": "bad-${n}",`,
    check(status, body) {
      expect(status).toBe(400);
      expect(JSON.parse(body)).toMatchObject({ kind: 'Status', code: 400, message: expect.stringContaining('not valid JSON') });
    },
  };
}

function httpRequest(body: string): string {
  const length = Buffer.byteLength(body);
  return `POST /mutate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n${body}`;
}

function parseResponse(text: string): { status: number; body: string } {
  const headerEnd = text.indexOf('\r\n\r\n');
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]), body: text.slice(headerEnd + 4) };
}

describe('platlint serve answers requests that arrive together each with its own answer', () => {
  let ca: Ca;
  let served: Served;

  beforeAll(async () => {
    ca = makeCa();
    served = await serve(stateArgs(ca, FIXTURE_STATE));
  });

  afterAll(async () => {
    expect(await served.stop()).toBe(0);
    rmSync(ca.dir, { recursive: true, force: true });
  });

  it('mutated, unmatched and unreadable reviews written at the same moment on 18 connections', async () => {
    const exchanges = Array.from({ length: 18 }, (_, i) =>
      i % 3 === 0 ? mutated(`deployment-${i}`) : i % 3 === 1 ? unmatched(`replicaset-${i}`) : unreadable(i),
    );
    // Connected first, then written in one go: the server reads them in the same turns of its event loop.
    const sockets: TLSSocket[] = await Promise.all(exchanges.map(() => rawConnection(served.port, ca.caCert)));
    const replies = sockets.map((socket) => readUntilClosed(socket));
    exchanges.forEach((exchange, i) => (sockets[i] as TLSSocket).write(httpRequest(exchange.body)));
    const texts = await Promise.all(replies);
    texts.forEach((text, i) => {
      const { status, body } = parseResponse(text);
      (exchanges[i] as Exchange).check(status, body);
    });
  });
});
