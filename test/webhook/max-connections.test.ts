// `--max-connections N`: the webhook holds at most N connections. Connection N+1 is closed at
// once, the held ones keep being answered, and a new connection gets through as soon as one
// of them goes.
import { readFileSync, rmSync } from 'node:fs';
import { connect, type TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  eventually,
  FIXTURE_STATE,
  makeCa,
  rawConnection,
  serve,
  serveUntilExit,
  stateArgs,
  stateCopy,
  type Ca,
  type Served,
} from './helpers.js';

const CAP = 3;

/** A TLS connection attempt: whether the handshake completed or the server closed it first. */
function attempt(port: number, ca: string): Promise<'connected' | 'closed'> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, ca: readFileSync(ca, 'utf8'), servername: 'localhost' }, () => {
      socket.destroy();
      resolve('connected');
    });
    socket.on('error', () => resolve('closed'));
    socket.on('close', () => resolve('closed'));
  });
}

/** Sends a GET on an open connection and resolves with the status line of the answer. */
function getOn(socket: TLSSocket, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const end = text.indexOf('\r\n');
      if (end >= 0) {
        socket.off('data', onData);
        resolve(text.slice(0, end));
      }
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
  });
}

describe('platlint serve --max-connections', () => {
  let ca: Ca;
  let served: Served;
  let state: string;
  const held: TLSSocket[] = [];

  beforeAll(async () => {
    ca = makeCa();
    state = stateCopy();
    served = await serve([...stateArgs(ca, state), '--max-connections', String(CAP)]);
  });

  afterAll(async () => {
    for (const s of held) s.destroy();
    expect(await served.stop()).toBe(0);
    rmSync(ca.dir, { recursive: true, force: true });
    rmSync(state, { recursive: true, force: true });
  });

  it(`closes connection ${CAP + 1} at once, answers on the ${CAP} it holds, and accepts again when one goes`, async () => {
    for (let i = 0; i < CAP; i++) held.push(await rawConnection(served.port, ca.caCert));
    expect(await attempt(served.port, ca.caCert)).toBe('closed');
    // The connections within the cap are served, probes included.
    for (const socket of held) expect(await getOn(socket, '/healthz')).toBe('HTTP/1.1 200 OK');
    (held.shift() as TLSSocket).destroy();
    // The server sees the close asynchronously; within a bounded wait a new connection gets in.
    await eventually(async () => (await attempt(served.port, ca.caCert)) === 'connected', 20_000);
    // The probe connection that got in is closed by the client at once, but the server may
    // count it a moment longer: a request gets through within the same bounded wait.
    const answered = async () => (await call(served.port, '/healthz', { ca: ca.caCert }).catch(() => undefined))?.status === 200;
    await eventually(answered, 20_000);
  });
});

describe('platlint serve --max-connections, bad values', () => {
  it.each(['0', '1.5', 'many'])('refuses --max-connections %s as a usage error', async (value) => {
    const { code, stderr } = await serveUntilExit(['--state', FIXTURE_STATE, '--insecure', '--max-connections', value]);
    expect(code).toBe(2);
    expect(stderr).toContain('--max-connections takes a whole number from 1');
  });
});
