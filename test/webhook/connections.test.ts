// Connections that never become requests (issue 11, item 4): plain TCP sockets that never
// start TLS, clients that vanish mid-handshake, and more connections than the server has
// file descriptors. The server runs under a low `ulimit -n`; it must close what times out,
// survive EMFILE, and keep answering /healthz and /mutate. Loopback only, bounded loops.
import { mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerOf,
  call,
  deploymentRequest,
  eventually,
  makeCa,
  review,
  serve,
  stateCopy,
  type Ca,
  type Served,
} from './helpers.js';

const LIMIT = 256;

function openDescriptors(pid: number): number {
  return readdirSync(`/proc/${pid}/fd`).length;
}

function plainSocket(port: number): Promise<Socket | undefined> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => resolve(socket));
    // Refused or reset by a full server: that connection simply is not held.
    socket.on('error', () => resolve(undefined));
  });
}

describe('platlint serve with idle and half-open connections', () => {
  let ca: Ca;
  let served: Served;
  let state: string;
  const held: Socket[] = [];

  beforeAll(async () => {
    ca = makeCa();
    const tls = ca.issue('server');
    state = stateCopy();
    served = await serve(
      ['--state', state, '--tls-cert-file', tls.cert, '--tls-private-key-file', tls.key, '--headers-timeout', '1000'],
      { maxOpenFiles: LIMIT },
    );
  });

  afterAll(async () => {
    for (const s of held) s.destroy();
    expect(await served.stop()).toBe(0);
    rmSync(ca.dir, { recursive: true, force: true });
    rmSync(state, { recursive: true, force: true });
  });

  it('closes connections that never complete the TLS handshake, even after their client is gone', async () => {
    const pid = served.child.pid as number;
    const before = openDescriptors(pid);
    const sockets = (await Promise.all(Array.from({ length: 100 }, () => plainSocket(served.port)))).filter(
      (s): s is Socket => s !== undefined,
    );
    // Held only once the server has accepted them all: then they are its descriptors to close.
    await eventually(() => openDescriptors(pid) >= before + sockets.length, 20_000);
    // Half of them go away without a word: the server must not keep its side (CLOSE-WAIT).
    for (const s of sockets.slice(0, 50)) s.end();
    held.push(...sockets.slice(50));
    await eventually(() => openDescriptors(pid) <= before + 5, 20_000);
    expect(served.child.exitCode).toBeNull();
  });

  it(`survives 2,000 connections against a limit of ${LIMIT} descriptors and keeps answering`, async () => {
    const pid = served.child.pid as number;
    const opened: Socket[] = [];
    // In waves, so the test's own descriptors stay bounded as well.
    for (let wave = 0; wave < 10; wave++) {
      const sockets = await Promise.all(Array.from({ length: 200 }, () => plainSocket(served.port)));
      for (const s of sockets) if (s) opened.push(s);
    }
    held.push(...opened);
    const peak = openDescriptors(pid);
    expect(peak).toBeLessThanOrEqual(LIMIT);
    // Probes and admission requests get through while the idle sockets are still held open.
    await eventually(async () => {
      try {
        return (await call(served.port, '/healthz', { ca: ca.caCert })).status === 200;
      } catch {
        return false;
      }
    }, 30_000);
    const answer = answerOf(
      await call(served.port, '/mutate', { ca: ca.caCert, body: review(deploymentRequest('after-flood')) }),
    );
    expect(answer.uid).toBe('after-flood');
    expect(served.child.exitCode).toBeNull();
    // Every line the server logged is a JSON event, and none is a crash.
    expect(served.logs.filter((e) => e.event === 'unparsed' || e.event === 'process.crash')).toEqual([]);
  });
});

describe('platlint serve with a state directory that links back to itself', () => {
  it('skips the links that loop, says which, and serves the state', async () => {
    const ca = makeCa();
    const tls = ca.issue('server');
    const state = stateCopy();
    mkdirSync(join(state, 'nested'));
    symlinkSync(state, join(state, 'self'));
    symlinkSync('..', join(state, 'nested', 'up'));
    symlinkSync('../..', join(state, 'nested', 'up2'));
    const served = await serve(['--state', state, '--tls-cert-file', tls.cert, '--tls-private-key-file', tls.key]);
    try {
      const skipped = served.logs.filter((e) => e.event === 'state.link_skipped').map((e) => String(e.link).slice(state.length));
      expect(skipped.sort()).toEqual(['/nested/up', '/nested/up2', '/self']);
      expect(answerOf(await call(served.port, '/mutate', { ca: ca.caCert, body: review(deploymentRequest('looped')) })).uid).toBe(
        'looped',
      );
    } finally {
      expect(await served.stop()).toBe(0);
      rmSync(ca.dir, { recursive: true, force: true });
      rmSync(state, { recursive: true, force: true });
    }
  });
});
