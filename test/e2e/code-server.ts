// code-server from npm, installed once into a cache outside the repository and started on
// loopback for the end-to-end test of the packaged extension.
//
// The install has to work without anything but the npm registry: code-server's install
// script builds VS Code's native modules (which needs Node 20, libkrb5-dev and the Node
// headers npm is configured with) and lets @vscode/ripgrep download ripgrep from GitHub,
// which cannot be reached here. That download is served from its own cache, which we fill
// with the binary that the npm package @vscode/ripgrep-linux-x64 ships.
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

const CODE_SERVER_VERSION = '4.100.3';
const RIPGREP_BINARY_PACKAGE = '@vscode/ripgrep-linux-x64';

/** Where code-server is installed: `$PLATLINT_E2E_CACHE`, else the user's cache directory. */
function cacheDir(): string {
  const base = process.env.PLATLINT_E2E_CACHE ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'platlint-e2e');
  return join(base, `code-server-${CODE_SERVER_VERSION}`);
}

/** The entry point to run with node; the install is complete once this marker exists. */
function entryOf(dir: string): string {
  return join(dir, 'node_modules/code-server/out/node/entry.js');
}

function run(command: string, args: readonly string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): string {
  try {
    return execFileSync(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(
      `${command} ${args.join(' ')} failed: ${e.message}\n${(e.stdout ?? '').slice(-4000)}\n${(e.stderr ?? '').slice(-8000)}`,
      { cause: error },
    );
  }
}

/** `npm pack NAME` into `dir`, returning the tarball's path. */
function npmPack(spec: string, dir: string): string {
  const out = run('npm', ['pack', spec, '--json', '--pack-destination', dir], { cwd: dir });
  const [packed] = JSON.parse(out) as { filename: string }[];
  if (!packed) throw new Error(`npm pack ${spec} reported nothing`);
  return join(dir, packed.filename);
}

/** One file of a tarball, as text. */
function fileInTarball(tarball: string, member: string): string {
  return run('tar', ['-xzOf', tarball, member], { cwd: tmpdir() });
}

/**
 * Puts ripgrep where @vscode/ripgrep's install script looks before it downloads:
 * `$TMPDIR/vscode-ripgrep-cache-<package version>/ripgrep-<release>-<target>.tar.gz`.
 * The package version comes from VS Code's shrinkwrap, the release from that version's script.
 */
function fillRipgrepCache(codeServerTarball: string, work: string, tmp: string): void {
  const shrinkwrap = JSON.parse(fileInTarball(codeServerTarball, 'package/lib/vscode/npm-shrinkwrap.json')) as {
    packages: Record<string, { version?: string }>;
  };
  const version = shrinkwrap.packages['node_modules/@vscode/ripgrep']?.version;
  if (!version) throw new Error('code-server no longer depends on @vscode/ripgrep: revisit fillRipgrepCache');
  const script = fileInTarball(npmPack(`@vscode/ripgrep@${version}`, work), 'package/lib/postinstall.js');
  const release = /const VERSION = '([^']+)'/.exec(script)?.[1];
  if (!release) throw new Error(`cannot find the ripgrep release in @vscode/ripgrep@${version}'s install script`);

  const binaryTarball = npmPack(RIPGREP_BINARY_PACKAGE, work);
  const staging = join(work, 'rg');
  mkdirSync(staging, { recursive: true });
  run('tar', ['-xzf', binaryTarball, '-C', staging, 'package/bin/rg'], { cwd: work });
  copyFileSync(join(staging, 'package/bin/rg'), join(staging, 'rg'));
  chmodSync(join(staging, 'rg'), 0o755);
  const cache = join(tmp, `vscode-ripgrep-cache-${version}`);
  mkdirSync(cache, { recursive: true });
  // The install script untars into its bin/ and expects `rg` at the archive's top.
  run('tar', ['-czf', join(cache, `ripgrep-${release}-x86_64-unknown-linux-musl.tar.gz`), '-C', staging, 'rg'], { cwd: work });
}

/**
 * Installs code-server into the cache unless it is there, and returns its entry point.
 * Takes minutes the first time (native modules are compiled); later calls return at once.
 */
export function ensureCodeServer(log: (line: string) => void = () => undefined): string {
  const dir = cacheDir();
  const entry = entryOf(dir);
  if (existsSync(entry) && existsSync(join(dir, 'installed'))) return entry;
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error('the code-server install here is written for linux-x64');
  if (!process.version.startsWith('v20.'))
    throw new Error(`code-server ${CODE_SERVER_VERSION} installs on Node 20 only; this is ${process.version}`);

  rmSync(dir, { recursive: true, force: true });
  const work = join(dir, 'work');
  const tmp = join(dir, 'tmp');
  mkdirSync(work, { recursive: true });
  mkdirSync(tmp, { recursive: true });
  // A package.json of its own, so that the install neither looks for nor touches the repository's.
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'platlint-e2e-code-server', private: true }, null, 2));

  log(`packing code-server@${CODE_SERVER_VERSION}`);
  const tarball = npmPack(`code-server@${CODE_SERVER_VERSION}`, work);
  fillRipgrepCache(tarball, work, tmp);

  log('installing code-server (compiles native modules; several minutes)');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // code-server's install script refuses to run as root without it.
    npm_config_unsafe_perm: 'true',
    npm_config_yes: 'true',
    // code-server's install script runs `npm install` in VS Code's tree, whose native
    // modules need their install scripts; npm blocks dependency scripts by default, and
    // an environment setting (unlike a package.json field) reaches those nested installs.
    npm_config_dangerously_allow_all_scripts: 'true',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    npm_config_update_notifier: 'false',
    // @vscode/ripgrep finds its pre-filled cache through os.tmpdir().
    TMPDIR: tmp,
  };
  run('npm', ['install', '--no-save', '--no-package-lock', tarball], { cwd: dir, env });
  if (!existsSync(entry)) throw new Error(`code-server installed, but ${entry} is missing`);
  const rg = join(dir, 'node_modules/code-server/lib/vscode/node_modules/@vscode/ripgrep/bin/rg');
  if (!existsSync(rg)) throw new Error(`ripgrep is missing after the install: ${rg}`);
  rmSync(work, { recursive: true, force: true });
  rmSync(tmp, { recursive: true, force: true });
  writeFileSync(join(dir, 'installed'), `code-server ${CODE_SERVER_VERSION}\n`);
  return entry;
}

/** A free TCP port on loopback. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface CodeServerProfile {
  /** code-server's --user-data-dir. */
  userDataDir: string;
  extensionsDir: string;
  /** code-server's --config: without one it writes a default into ~/.config. */
  configFile: string;
}

/** A fresh profile whose user settings keep VS Code quiet: no trust prompt, telemetry, tips or updates. */
export function createProfile(base: string): CodeServerProfile {
  const userDataDir = join(base, 'user-data');
  const extensionsDir = join(base, 'extensions');
  const configFile = join(base, 'config.yaml');
  mkdirSync(join(userDataDir, 'User'), { recursive: true });
  mkdirSync(extensionsDir, { recursive: true });
  writeFileSync(configFile, 'auth: none\ncert: false\n');
  const settings = {
    'security.workspace.trust.enabled': false,
    'security.workspace.trust.startupPrompt': 'never',
    'telemetry.telemetryLevel': 'off',
    'update.mode': 'none',
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'extensions.ignoreRecommendations': true,
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'workbench.enableExperiments': false,
    'workbench.welcomePage.walkthroughs.openOnInstall': false,
    'workbench.colorTheme': 'Default Dark Modern',
    'git.enabled': false,
    'chat.disableAIFeatures': true,
    'editor.minimap.enabled': false,
  };
  writeFileSync(join(userDataDir, 'User/settings.json'), JSON.stringify(settings, null, 2));
  return { userDataDir, extensionsDir, configFile };
}

function profileArgs(profile: CodeServerProfile): string[] {
  return ['--config', profile.configFile, '--user-data-dir', profile.userDataDir, '--extensions-dir', profile.extensionsDir];
}

/** The environment code-server runs in: no extension gallery, so nothing is fetched. */
function codeServerEnv(): NodeJS.ProcessEnv {
  return { ...process.env, EXTENSIONS_GALLERY: '{}' };
}

/** Installs a .vsix into the profile with code-server's own --install-extension. */
export function installExtension(entry: string, profile: CodeServerProfile, vsix: string): string {
  return run(process.execPath, [entry, ...profileArgs(profile), '--install-extension', vsix], {
    cwd: tmpdir(),
    env: codeServerEnv(),
  });
}

/** Ids of the extensions installed in the profile (`publisher.name-version` directories). */
export function installedExtensions(profile: CodeServerProfile): string[] {
  return readdirSync(profile.extensionsDir).filter((name) => !name.startsWith('.') && name !== 'extensions.json');
}

export interface RunningCodeServer {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts code-server on 127.0.0.1 and resolves once it answers its health check. */
export async function startCodeServer(
  entry: string,
  profile: CodeServerProfile,
  timeoutMs = 120_000,
): Promise<RunningCodeServer> {
  const port = await freePort();
  const args = [
    entry,
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--auth',
    'none',
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    ...profileArgs(profile),
  ];
  // Its own process group, so that stopping it also stops the extension host and language server.
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: tmpdir(),
    env: codeServerEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.pid === undefined) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        // Already gone.
      }
    }, 5000);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`code-server exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return { url, output: () => output, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`code-server did not answer on ${url} within ${timeoutMs} ms:\n${output}`);
}

/** A scratch directory for one test run. */
export function scratch(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}
