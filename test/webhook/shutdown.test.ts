// Graceful shutdown of `platlint serve`: on SIGTERM it stops accepting connections, the
// request in flight still gets its answer, and the process exits 0.
import { rmSync } from 'node:fs';
import { expect, it } from 'vitest';
import {
  call,
  deploymentRequest,
  makeCa,
  rawConnection,
  readUntilClosed,
  review,
  serve,
  stateArgs,
  stateCopy,
} from './helpers.js';

it('finishes the request in flight on SIGTERM, refuses new ones, and exits 0', async () => {
  const ca = makeCa();
  const state = stateCopy();
  const served = await serve(stateArgs(ca, state));
  try {
    const socket = await rawConnection(served.port, ca.caCert);
    const answer = readUntilClosed(socket);
    const body = review(deploymentRequest('in-flight'));
    socket.write(
      `POST /mutate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 50)}`,
    );
    served.child.kill('SIGTERM');
    await served.waitForLog((e) => e.event === 'server.shutting_down');
    await expect(call(served.port, '/healthz', { ca: ca.caCert })).rejects.toThrow(
      /ECONNREFUSED|ECONNRESET|socket hang up|disconnected before secure TLS connection/,
    );
    socket.write(body.slice(50));
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
    expect(text).toMatch(/connection: close/i);
    expect(JSON.parse(text.split('\r\n\r\n')[1] as string)).toMatchObject({
      response: { uid: 'in-flight', allowed: true, patchType: 'JSONPatch' },
    });
    expect(await served.exited).toBe(0);
    expect(served.logs.some((e) => e.event === 'server.closed')).toBe(true);
  } finally {
    await served.stop('SIGKILL');
    rmSync(state, { recursive: true, force: true });
    rmSync(ca.dir, { recursive: true, force: true });
  }
});
