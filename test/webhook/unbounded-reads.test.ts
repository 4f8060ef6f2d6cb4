// A state directory holding a link to /dev/zero (issue 23, item 12): `platlint serve` must
// not read it. Before, the reload read it without bound: the server stopped answering, grew
// by gigabytes and ignored SIGTERM.
import { existsSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeCa, serve, serveUntilExit, stateArgs, stateCopy, type Ca } from './helpers.js';

describe.skipIf(!existsSync('/dev/zero'))('platlint serve and a state file that never ends', () => {
  let ca: Ca;
  const dirs: string[] = [];
  beforeAll(() => {
    ca = makeCa();
  });
  afterAll(() => {
    for (const d of [...dirs, ca.dir]) rmSync(d, { recursive: true, force: true });
  });

  it('refuses at start-up, naming the link and why', async () => {
    const state = stateCopy();
    dirs.push(state);
    symlinkSync('/dev/zero', join(state, 'zero.yaml'));
    const { code, logs } = await serveUntilExit(stateArgs(ca, state));
    expect(code).toBe(2);
    expect(logs.find((e) => e.event === 'server.start_failed')?.error).toContain(
      `${join(state, 'zero.yaml')}:1:1: cannot read file: not a regular file (a character device)`,
    );
  });

  it('on a reload keeps serving the last good state, answers /healthz and stops on SIGTERM', async () => {
    const state = stateCopy();
    dirs.push(state);
    const served = await serve(stateArgs(ca, state));
    try {
      symlinkSync('/dev/zero', join(state, 'zero.yaml'));
      const rejected = await served.waitForLog((e) => e.event === 'state.reload_rejected');
      expect(JSON.stringify(rejected)).toContain('not a regular file (a character device)');
      expect((await call(served.port, '/healthz', { ca: ca.caCert })).status).toBe(200);
    } finally {
      // SIGTERM, not SIGKILL: a server stuck in a read would not exit, and the test would time out.
      expect(await served.stop('SIGTERM')).toBe(0);
    }
  });
});
