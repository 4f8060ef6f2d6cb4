// Behaviour on a terminal: colours by default, and a progress line on standard error for
// large runs. Needs util-linux `script` for a pseudo-terminal.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ANSI, hasScript, manifests, removeTempDirs, runCli, runInTerminal, tempDir } from './helpers.js';

afterAll(removeTempDirs);

describe.skipIf(!hasScript)('on a terminal', () => {
  it('stylish output is coloured by default, and plain with --no-color or NO_COLOR', () => {
    const dir = tempDir({ 'fix.yaml': manifests.fixableEnum });
    const coloured = runInTerminal(['lint', 'fix.yaml'], { cwd: dir });
    expect(coloured.status).toBe(1);
    expect(coloured.screen).toContain('schema/enum');
    expect(coloured.screen).toMatch(ANSI);
    for (const plain of [
      runInTerminal(['lint', '--no-color', 'fix.yaml'], { cwd: dir }),
      runInTerminal(['lint', 'fix.yaml'], { cwd: dir, env: { NO_COLOR: '1' } }),
    ]) {
      expect(plain.screen).toContain('schema/enum');
      expect(plain.screen).not.toMatch(ANSI);
    }
  });

  it('shows a progress line on standard error while hundreds of files are read, and clears it', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 350; i++) files[`m/f${i}.yaml`] = manifests.validDeployment(`app-${i}`);
    const dir = tempDir(files);
    const out = join(dir, 'report.json');
    const run = runInTerminal(['lint', '--format', 'json', 'm'], { cwd: dir, stdoutFile: out });
    expect(run.status).toBe(0);
    expect(run.screen).toContain('platlint: 350/350 files');
    expect(run.screen.endsWith('\r\x1b[K')).toBe(true);
    // On two threads, too: the count is of the files every thread has taken.
    const twoThreads = runInTerminal(['lint', '--format', 'json', '--workers', '2', 'm'], {
      cwd: dir,
      stdoutFile: join(dir, 'two.json'),
    });
    expect(twoThreads.screen).toContain('platlint: 350/350 files');
    expect(readFileSync(join(dir, 'two.json'), 'utf8')).toBe(readFileSync(out, 'utf8'));
    // The report itself is untouched by the progress line.
    const piped = runCli(['lint', '--format', 'json', 'm'], { cwd: dir });
    expect(piped.stderr).toBe('');
    expect(readFileSync(out, 'utf8')).toBe(piped.stdout);
  });

  it('shows no progress line for a few files', () => {
    const dir = tempDir({ 'a.yaml': manifests.validDeployment('a'), 'b.yaml': manifests.validDeployment('b') });
    const run = runInTerminal(['lint', '--format', 'json', '.'], { cwd: dir, stdoutFile: join(dir, 'out.json') });
    expect(run.status).toBe(0);
    expect(run.screen).toBe('');
  });
});
