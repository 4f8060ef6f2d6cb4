// The pre-commit framework's hook definition at the repository root.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, manifests, removeTempDirs, tempDir } from './helpers.js';

afterAll(removeTempDirs);

interface Hook {
  id: string;
  name: string;
  entry: string;
  language: string;
  files?: string;
  types?: string[];
  [key: string]: unknown;
}

const hooks = parse(readFileSync(join(REPO_ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as Hook[];
const rootPackage = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
  bin?: string | Record<string, string>;
};
const cliPackage = JSON.parse(readFileSync(join(REPO_ROOT, 'packages/cli/package.json'), 'utf8')) as {
  bin: Record<string, string>;
};

// The keys pre-commit's manifest schema knows (pre_commit/clientlib.py, MANIFEST_HOOK_DICT).
const KNOWN_KEYS = new Set([
  'id',
  'name',
  'entry',
  'language',
  'alias',
  'files',
  'exclude',
  'types',
  'types_or',
  'exclude_types',
  'additional_dependencies',
  'args',
  'always_run',
  'fail_fast',
  'pass_filenames',
  'description',
  'language_version',
  'log_file',
  'require_serial',
  'stages',
  'verbose',
  'minimum_pre_commit_version',
]);

describe('.pre-commit-hooks.yaml', () => {
  it('defines the platlint hook in the form pre-commit reads', () => {
    expect(Array.isArray(hooks)).toBe(true);
    const hook = hooks.find((h) => h.id === 'platlint');
    expect(hook).toMatchObject({ id: 'platlint', name: expect.any(String) as unknown, entry: 'platlint lint', language: 'node' });
    for (const key of Object.keys(hook!)) expect(KNOWN_KEYS.has(key), `unknown hook key ${key}`).toBe(true);
    const files = new RegExp(hook!.files ?? '');
    expect(['a.yaml', 'deploy/b.yml'].every((f) => files.test(f))).toBe(true);
    expect(['a.json', 'yaml.txt', 'a.yaml.bak'].some((f) => files.test(f))).toBe(false);
    expect(hook!.types).toEqual(['yaml']);
  });

  it('its entry works the way pre-commit calls it: the CLI bin with the staged files appended', () => {
    const dir = tempDir({ 'good.yaml': manifests.validDeployment(), 'bad.yml': manifests.fixableEnum });
    const bin = join(REPO_ROOT, 'packages/cli', cliPackage.bin.platlint!);
    const [command, ...args] = hooks.find((h) => h.id === 'platlint')!.entry.split(' ');
    expect(command).toBe('platlint');
    const good = spawnSync(process.execPath, [bin, ...args, 'good.yaml'], { cwd: dir, encoding: 'utf8' });
    expect(good.status).toBe(0);
    const bad = spawnSync(process.execPath, [bin, ...args, 'good.yaml', 'bad.yml'], { cwd: dir, encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain('schema/enum');
  });

  // pre-commit's `language: node` packs the repository root (`npm pack`) and installs that
  // package globally, so `platlint` must be a bin of the root package.json. The real round trip
  // is test/pre-commit/round-trip.test.ts (`npm run test:pre-commit`).
  it('the root package provides the `platlint` executable that `language: node` installs', () => {
    const bins = typeof rootPackage.bin === 'string' ? {} : (rootPackage.bin ?? {});
    expect(Object.keys(bins)).toContain('platlint');
  });
});
