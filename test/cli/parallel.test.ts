// Large runs go to worker threads; the result must not depend on it.
import { afterAll, describe, expect, it } from 'vitest';
import { lintJson, manifests, removeTempDirs, runCli, tempDir } from './helpers.js';

afterAll(removeTempDirs);

describe('parallel linting', () => {
  it('400 files give the same JSON with worker threads as with --workers 1', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 400; i++) {
      const dir = `group-${i % 9}/${i % 2 ? 'a' : 'b'}`;
      // Every 37th file has a mistake, every 50th a warning, so the comparison covers findings too;
      // sizes vary so the files are dealt out unevenly.
      let text = manifests.validDeployment(`app-${i}`) + '# padding\n'.repeat(i % 13);
      if (i % 37 === 0) text = text.replace('  replicas: 2', '  replicaz: 2');
      if (i % 50 === 0) text += `---\n${manifests.endpoints}`;
      files[`${dir}/f${String(i).padStart(3, '0')}.yaml`] = text;
    }
    const root = tempDir(files);
    const parallel = runCli(['lint', '--format', 'json', '--workers', '2', '.'], { cwd: root });
    const serial = runCli(['lint', '--format', 'json', '--workers', '1', '.'], { cwd: root });
    const byDefault = runCli(['lint', '--format', 'json', '.'], { cwd: root });
    expect(serial.status).toBe(1);
    expect(parallel.status).toBe(1);
    expect(parallel.stderr).toBe('');
    expect(parallel.stdout).toBe(serial.stdout);
    expect(byDefault.stdout).toBe(serial.stdout);

    const { report } = lintJson(['--workers', '2', '.'], { cwd: root });
    expect(report.summary).toEqual({ files: 400, documents: 408, errors: 11, warnings: 8, infos: 0 });
    expect(report.files.map((f) => f.path)).toEqual([...report.files.map((f) => f.path)].sort());
  });

  it('one huge file and many small ones give the same JSON with worker threads as with --workers 1', () => {
    // Largest first from one queue: one thread takes the huge file, the others the small ones.
    const documents = Array.from({ length: 400 }, (_, i) =>
      manifests.validDeployment(`big-${i}`).replace(i % 40 === 0 ? '  replicas: 2' : '\0', '  replicaz: 2'),
    );
    const files: Record<string, string> = { 'huge.yaml': documents.join('---\n') };
    for (let i = 0; i < 60; i++)
      files[`small/f${String(i).padStart(2, '0')}.yaml`] =
        i % 7 === 0 ? manifests.endpoints : manifests.validDeployment(`small-${i}`);
    const root = tempDir(files);
    const serial = runCli(['lint', '--format', 'json', '--workers', '1', '.'], { cwd: root });
    const parallel = runCli(['lint', '--format', 'json', '--workers', '2', '.'], { cwd: root });
    const three = runCli(['lint', '--format', 'json', '--workers', '3', '.'], { cwd: root });
    expect(serial.status).toBe(1);
    expect(parallel.stderr).toBe('');
    expect(parallel.stdout).toBe(serial.stdout);
    expect(three.stdout).toBe(serial.stdout);
    const { report } = lintJson(['--workers', '2', '.'], { cwd: root });
    expect(report.summary).toMatchObject({ files: 61, documents: 460, errors: 10 });
  });

  it('a run of two small files with --workers 4 gives the same JSON, whether or not a worker starts in time', () => {
    const root = tempDir({ 'a.yaml': manifests.validDeployment('a'), 'b.yaml': manifests.endpoints });
    const serial = runCli(['lint', '--format', 'json', '--workers', '1', '.'], { cwd: root });
    const parallel = runCli(['lint', '--format', 'json', '--workers', '4', '.'], { cwd: root });
    expect(parallel.status).toBe(serial.status);
    expect(parallel.stderr).toBe('');
    expect(parallel.stdout).toBe(serial.stdout);
  });

  it('rejects a bad --workers value', () => {
    const run = runCli(['lint', '--workers', '0', 'examples/valid']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--workers');
  });
});
