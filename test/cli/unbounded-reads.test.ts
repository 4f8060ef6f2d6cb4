// Input that never ends, through the real CLI (issue 23, item 12): a name that leads to a
// device or a FIFO is refused as "not a regular file" without reading it, in a directory walk
// too, and standard input is read up to the size limit and no further. Before, `lint
// /dev/zero` grew until it was killed, and 600 MB on standard input were read whole before
// the 32 MiB limit refused them.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLE, cliEnv, manifests, removeTempDirs, runCli, tempDir, type JsonReport } from './helpers.js';

afterAll(removeTempDirs);

const LIMIT = 32 * 1024 * 1024;
const hasMkfifo = spawnSync('mkfifo', ['--version']).status === 0;

// A run that read without bound would be killed here (and fail on its signal) rather than hang the suite.
const GUARD = { timeout: 30_000 };

describe.skipIf(!existsSync('/dev/zero'))('files that are not regular files', () => {
  it('lint /dev/zero reports the device as one unreadable file and does not read it', () => {
    const run = runCli(['lint', '--format', 'json', '/dev/zero'], GUARD);
    expect(run.signal).toBeNull();
    expect(run.status).toBe(1);
    const report = JSON.parse(run.stdout) as JsonReport;
    expect(report.files.map((f) => [f.path, f.diagnostics.map((d) => [d.ruleId, d.message])])).toEqual([
      ['/dev/zero', [['file/unreadable', 'cannot read file: not a regular file (a character device)']]],
    ]);
    expect(run.stderr).toBe('');
  });

  it.skipIf(!hasMkfifo)('a FIFO named on the command line is reported without waiting for a writer', () => {
    const dir = tempDir();
    // Opening a FIFO for reading waits for a writer that never comes, unless opened non-blocking.
    expect(spawnSync('mkfifo', [join(dir, 'pipe.yaml')]).status).toBe(0);
    const run = runCli(['lint', '--format', 'json', 'pipe.yaml'], { ...GUARD, cwd: dir });
    expect(run.signal).toBeNull();
    expect(run.status).toBe(1);
    expect((JSON.parse(run.stdout) as JsonReport).files[0]!.diagnostics.map((d) => d.message)).toEqual([
      'cannot read file: not a regular file (a named pipe)',
    ]);
  });

  it('a link to /dev/zero found in a directory is reported, never read, and the other files are linted; a FIFO there is passed over', () => {
    const dir = tempDir({ 'ws/ok.yaml': manifests.fixableEnum });
    symlinkSync('/dev/zero', join(dir, 'ws/zero.yaml'));
    if (hasMkfifo) expect(spawnSync('mkfifo', [join(dir, 'ws/pipe.yaml')]).status).toBe(0);
    const run = runCli(['lint', '--format', 'json', 'ws'], { ...GUARD, cwd: dir });
    expect(run.signal).toBeNull();
    expect(run.status).toBe(1);
    const byFile = Object.fromEntries(
      (JSON.parse(run.stdout) as JsonReport).files.map((f) => [f.path, f.diagnostics.map((d) => `${d.ruleId}: ${d.message}`)]),
    );
    expect(byFile).toEqual({
      'ws/ok.yaml': [expect.stringMatching(/^schema\/enum: "recreate" is not allowed here/)],
      'ws/zero.yaml': ['file/unreadable: cannot read file: not a regular file (a character device)'],
    });
  });
});

describe('standard input over the size limit', () => {
  it('stops reading at the limit, reports it as too large and lints the other files', async () => {
    const dir = tempDir({ 'ok.yaml': manifests.fixableEnum });
    // 48 MiB offered in 64 KiB chunks, each produced only when the pipe takes it: what the
    // CLI reads is what this stream hands out (plus what the pipe buffers hold).
    const offered = 48 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let handedOut = 0;
    const source = new Readable({
      read() {
        if (handedOut >= offered) return this.push(null);
        handedOut += chunk.length;
        this.push(chunk);
      },
    });
    const child = spawn(process.execPath, [BUNDLE, 'lint', '--format', 'json', '--stdin-filename', 'big.yaml', 'ok.yaml', '-'], {
      cwd: dir,
      env: cliEnv(),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    // The CLI closes its end once it has enough: writes after that fail with EPIPE, as they should.
    child.stdin.on('error', () => undefined);
    source.pipe(child.stdin);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const guard = setTimeout(() => child.kill('SIGKILL'), GUARD.timeout);
    const [status, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      child.on('close', (code, sig) => resolve([code, sig])),
    );
    clearTimeout(guard);
    source.destroy();
    expect(signal).toBeNull();
    expect(stderr).toBe('');
    expect(status).toBe(1);
    const byFile = Object.fromEntries(
      (JSON.parse(stdout) as JsonReport).files.map((f) => [f.path, f.diagnostics.map((d) => `${d.ruleId}: ${d.message}`)]),
    );
    expect(byFile['big.yaml']).toEqual([`file/too-large: input is over the limit of ${LIMIT} bytes; it was not read`]);
    expect(byFile['ok.yaml']).toEqual([expect.stringMatching(/^schema\/enum:/)]);
    // Bounded: the rest of the input was never taken (a whole read would have drained the stream).
    expect(handedOut).toBeLessThan(offered);
    expect(handedOut).toBeGreaterThan(LIMIT);
  }, 60_000);
});
