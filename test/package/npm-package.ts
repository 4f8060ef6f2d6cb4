// The npm package as users get it: `npm pack` of the repository root (the bundles must be
// built: `npm run build`), installed from the tarball into an empty folder outside any
// workspace, with the registry out of reach (`--offline`), so the install proves the package
// needs nothing it does not declare.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

for (const bundle of [
  'packages/cli/dist/platlint.mjs',
  'packages/cli/dist/platlint.script.js',
  'packages/admission/dist/worker.mjs',
  'packages/admission/dist/worker.script.js',
  'packages/language-server/dist/server.mjs',
  'packages/language-server/dist/server.script.js',
]) {
  if (!existsSync(join(REPO_ROOT, bundle)))
    throw new Error(`${bundle} does not exist: run \`npm run build\` first (the package ships the bundles).`);
}

/**
 * The environment of this process without npm's own variables: run under `npm test`, they
 * would point child npm commands (and the installed package) back at this repository.
 */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!/^npm_/i.test(name) && !['NODE_OPTIONS', 'NODE_PATH', 'INIT_CWD', 'CI', 'NO_COLOR', 'FORCE_COLOR'].includes(name))
      env[name] = value;
  }
  return { ...env, ...extra };
}

export function run(
  command: string,
  args: readonly string[],
  cwd: string,
  options: { input?: string; env?: Record<string, string> } = {},
): SpawnSyncReturns<string> {
  const result = spawnSync(command, args, {
    cwd,
    env: cleanEnv(options.env),
    input: options.input ?? '',
    encoding: 'utf8',
    timeout: 120_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw result.error;
  return result;
}

function mustSucceed(result: SpawnSyncReturns<string>, what: string): string {
  if (result.status !== 0)
    throw new Error(`${what} exited with ${String(result.status)}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`);
  return result.stdout;
}

/** Packs the repository root into `dest`; returns the tarball's path. No script runs: the bundles are taken as built. */
export function packTarball(dest: string): string {
  const out = mustSucceed(run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dest], REPO_ROOT), 'npm pack');
  const [packed] = JSON.parse(out) as { filename: string }[];
  return join(dest, packed!.filename);
}

/** A fresh folder under the temporary directory with the tarball installed into it. */
export function installTarball(tarball: string, parent: string): string {
  const dir = mkdtempSync(join(parent, 'consumer-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }));
  mustSucceed(
    run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--no-package-lock', tarball], dir),
    'npm install of the tarball',
  );
  return dir;
}

export function tempFolder(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `platlint-${prefix}-`));
}
