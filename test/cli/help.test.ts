// Every command answers --help with its own usage (exit 0), and an unknown option prints that
// usage on standard error with exit status 2: the user sees what the command does take.
// `--help` goes through the built CLI as a process, once per command; the variations (`-h`,
// unknown options, `--`) call the same entry function in this process, which is much faster.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run, type Io } from '@platlint/cli';
import { REPO_ROOT, runCli } from './helpers.js';

const COMMANDS = ['lint', 'rules', 'explain', 'request', 'mutate', 'test', 'serve', 'schema'];

async function inProcess(argv: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: Io = {
    cwd: REPO_ROOT,
    env: {},
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    readStdin: () => Promise.resolve(new Uint8Array()),
    stdoutIsTTY: false,
    stderrIsTTY: false,
    entry: new URL('file:///nonexistent/platlint.mjs'),
  };
  const status = await run(argv, io);
  return { status, stdout, stderr };
}

describe('--help', () => {
  for (const command of COMMANDS) {
    it(`platlint ${command} --help prints its usage and options (a process)`, () => {
      const result = runCli([command, '--help']);
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toMatch(new RegExp(`^Usage: platlint ${command}\\b`));
      expect(result.stdout).toMatch(/^ +(-\w, )?--\w/m);
      expect(result.stderr).toBe('');
    });

    it(`platlint ${command} -h is the same; an unknown option prints its usage and exits 2`, async () => {
      const help = await inProcess([command, '-h']);
      expect(help.status).toBe(0);
      expect(help.stdout).toBe((await inProcess([command, '--help'])).stdout);
      expect(help.stdout).toMatch(new RegExp(`^Usage: platlint ${command}\\b`));
      const wrong = await inProcess([command, '--no-such-option']);
      expect(wrong.status).toBe(2);
      expect(wrong.stderr).toMatch(/^platlint: .*no-such-option/);
      expect(wrong.stderr).toContain(`\n\nUsage: platlint ${command}`);
      expect(wrong.stdout).toBe('');
    });
  }

  it('platlint --help lists every command', () => {
    const result = runCli(['--help']);
    expect(result.status).toBe(0);
    for (const command of COMMANDS) expect(result.stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
  });

  it('a path named like an option after `--` is a path, not a request for help', async () => {
    const result = await inProcess(['lint', '--', '-h']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('no such file or directory: -h');
  });

  it('platlint-language-server --help prints its usage; an unknown option exits 2', () => {
    const server = join(REPO_ROOT, 'packages/language-server/bin/platlint-language-server.js');
    const help = spawnSync(process.execPath, [server, '--help'], { encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: platlint-language-server/);
    expect(help.stdout).toContain('--stdio');
    const wrong = spawnSync(process.execPath, [server, '--stdoi'], { encoding: 'utf8' });
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('unknown option "--stdoi"');
    expect(wrong.stderr).toContain('Usage: platlint-language-server');
  });
});
