// `lint --cache` reports a cached file's stored findings without linting it, so whoever can
// write the cache decides the verdict. A cache that came with the repository must not be
// used, and the default place is outside the tree.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lintJson, removeTempDirs, tempDir } from './helpers.js';

afterAll(removeTempDirs);

/** A Deployment with four schema errors. */
const BAD = 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  replicas: "many"\n  bogus: 1\n';

function git(cwd: string, ...args: string[]): string {
  const run = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${run.stderr}`);
  return run.stdout;
}

/** The cache file with every file's findings removed, as a pull request could commit it. */
function forge(path: string): void {
  const cache = JSON.parse(readFileSync(path, 'utf8')) as { files: Record<string, { result: { diagnostics: unknown[] } }> };
  for (const entry of Object.values(cache.files)) entry.result.diagnostics = [];
  writeFileSync(path, JSON.stringify(cache));
}

describe('lint --cache and a cache from the repository', () => {
  it('refuses a cache file that git tracks, with a warning, and reports the real findings', () => {
    const cwd = tempDir({ 'bad.yaml': BAD });
    const env = { XDG_CACHE_HOME: tempDir() };
    git(cwd, 'init', '-q');
    const lint = (location = '.platlintcache') => lintJson(['--cache', '--cache-location', location, 'bad.yaml'], { cwd, env });
    const real = lint();
    expect(real.status).toBe(1);
    expect(real.report.summary.errors).toBe(4);
    forge(join(cwd, '.platlintcache'));
    // Untracked, the file is this user's own cache, and it is used: the check below is what refuses it.
    expect(lint().status).toBe(0);

    git(cwd, 'add', '.platlintcache');
    const forged = readFileSync(join(cwd, '.platlintcache'), 'utf8');
    const tracked = lint();
    expect(tracked.stderr).toContain(`platlint: warning: the cache ${join(cwd, '.platlintcache')} is tracked by git`);
    expect(tracked.status).toBe(1);
    expect(tracked.report).toEqual(real.report);
    // Neither read nor written.
    expect(readFileSync(join(cwd, '.platlintcache'), 'utf8')).toBe(forged);

    // Reached through a link, or through a linked directory, it is still the repository's file.
    symlinkSync('.platlintcache', join(cwd, 'alias.json'));
    mkdirSync(join(cwd, 'sub'));
    symlinkSync('..', join(cwd, 'sub', 'up'));
    for (const location of ['alias.json', 'sub/up/.platlintcache']) {
      const linked = lint(location);
      expect(linked.stderr).toContain('is tracked by git');
      expect(linked.status).toBe(1);
      expect(linked.report).toEqual(real.report);
    }
  });

  it('keeps its file outside the tree by default: in the user cache directory, or under node_modules/.cache', () => {
    const cwd = tempDir({ 'bad.yaml': BAD });
    const xdg = tempDir();
    git(cwd, 'init', '-q');
    // (The code cache, which would share the directory, is left out.)
    const first = lintJson(['--cache', 'bad.yaml'], { cwd, env: { XDG_CACHE_HOME: xdg, PLATLINT_CODE_CACHE: '0' } });
    expect(first.status).toBe(1);
    expect(first.stderr).toBe('');
    // Nothing new in the repository; the cache is in $XDG_CACHE_HOME/platlint.
    expect(git(cwd, 'status', '--porcelain', '--untracked-files=all')).toBe('?? bad.yaml\n');
    expect(readdirSync(join(xdg, 'platlint'))).toEqual([expect.stringMatching(/^lint-cache-[0-9a-f]{16}\.json$/)]);

    // With a node_modules (here or above), under its .cache, where Prettier and Babel keep theirs.
    const project = tempDir({ 'node_modules/.keep': '', 'deploy/bad.yaml': BAD });
    const nested = lintJson(['--cache', 'bad.yaml'], { cwd: join(project, 'deploy'), env: { XDG_CACHE_HOME: xdg } });
    expect(nested.report).toEqual(first.report);
    expect(readdirSync(join(project, 'node_modules', '.cache', 'platlint'))).toEqual(['lint-cache.json']);
    expect(readdirSync(join(project, 'deploy'))).toEqual(['bad.yaml']);
  });
});
