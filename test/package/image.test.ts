// The webhook's container image, without a container runtime: the Dockerfile's steps are
// replayed into a folder (its root file system) from the same packed tarball, the tree is
// copied and made read-only, and the ENTRYPOINT and CMD start `serve` over HTTPS from the copy,
// as the Dockerfile's USER when this runs as root. The steps are read from the Dockerfile
// itself: a step this replay does not know fails the test instead of being skipped.
import { chmodSync, cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tmpdir } from 'node:os';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeCa, serve } from '../webhook/helpers.js';
import { REPO_ROOT, cleanEnv, packTarball, run, tempFolder } from './npm-package.js';

interface Instructions {
  from: string;
  args: Record<string, string>;
  copies: [string, string][];
  runs: string[];
  user: string;
  env: Record<string, string>;
  entrypoint: string[];
  cmd: string[];
}

function readDockerfile(text: string): Instructions {
  const found: Instructions = { from: '', args: {}, copies: [], runs: [], user: 'root', env: {}, entrypoint: [], cmd: [] };
  const expand = (s: string) => s.replace(/\$\{(\w+)\}/g, (_, name: string) => found.args[name] ?? '');
  for (const line of text.replace(/\\\n/g, ' ').split('\n')) {
    const [, keyword, rest = ''] = /^\s*([A-Z]+)\s+(.*)$/.exec(line) ?? [];
    if (!keyword) continue;
    if (keyword === 'FROM') found.from = rest;
    else if (keyword === 'ARG') {
      const [name, value = ''] = rest.split('=');
      found.args[name!] = value;
    } else if (keyword === 'COPY') {
      const [source, dest] = expand(rest).split(/\s+/);
      found.copies.push([source!, dest!]);
    } else if (keyword === 'RUN') found.runs.push(rest);
    else if (keyword === 'USER') found.user = rest;
    else if (keyword === 'ENV') {
      const [name, value = ''] = rest.split('=');
      found.env[name!] = value;
    } else if (keyword === 'ENTRYPOINT') found.entrypoint = JSON.parse(rest) as string[];
    else if (keyword === 'CMD') found.cmd = JSON.parse(rest) as string[];
    else if (keyword !== 'EXPOSE') throw new Error(`the image test cannot replay ${keyword}`);
  }
  return found;
}

const dockerfile = readDockerfile(readFileSync(join(REPO_ROOT, 'Dockerfile'), 'utf8'));
const deployment = parse(readFileSync(join(REPO_ROOT, 'deploy/deployment.yaml'), 'utf8')) as {
  spec: {
    template: {
      spec: {
        containers: {
          image: string;
          args?: string[];
          securityContext?: { runAsUser?: number; readOnlyRootFilesystem?: boolean };
        }[];
      };
    };
  };
};
const container = deployment.spec.template.spec.containers[0]!;
const [uid, gid] = dockerfile.user.split(':').map(Number) as [number, number];
const asImageUser = process.getuid?.() === 0;

let work: string;
let image: string;

/** `path` inside the image's root file system. */
const inImage = (root: string, path: string) => join(root, path);

/** Replays one RUN step: an `npm install --global` into the image's /usr/local, or an `rm -rf`. */
function replay(step: string, root: string): void {
  for (const command of step.split('&&').map((c) => c.trim().split(/\s+/))) {
    const rerooted = command.map((word) => (word.startsWith('/') ? inImage(root, word) : word));
    if (command[0] === 'npm' && command[1] === 'install' && command.includes('--global')) {
      // An empty npm cache, as in a fresh image: with --offline, nothing may be needed from outside.
      const env = { npm_config_prefix: inImage(root, '/usr/local'), npm_config_cache: inImage(root, '/root/.npm') };
      const result = run('npm', rerooted.slice(1), root, { env });
      if (result.status !== 0) throw new Error(`${command.join(' ')} failed:\n${result.stderr}`);
    } else if (command[0] === 'rm' && command[1] === '-rf') {
      for (const path of rerooted.slice(2)) rmSync(path, { recursive: true, force: true });
    } else throw new Error(`the image test cannot replay \`${command.join(' ')}\``);
  }
}

/** Every entry of the tree with its size and modification time, to see that nothing was written. */
function listing(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      const stat = lstatSync(path);
      out.push(`${path.slice(root.length)} ${stat.size} ${stat.mtimeMs}`);
      if (stat.isDirectory()) walk(path);
    }
  };
  walk(root);
  return out;
}

function setWritable(root: string, writable: boolean): void {
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
    chmodSync(path, writable ? stat.mode | 0o200 : stat.mode & ~0o222);
  };
  walk(root);
}

beforeAll(() => {
  work = tempFolder('image');
  const build = join(work, 'build');
  mkdirSync(build);
  const tarball = packTarball(work);
  for (const [source, dest] of dockerfile.copies) {
    expect(source).toMatch(/^platlint-.*\.tgz$/);
    mkdirSync(dirname(inImage(build, dest)), { recursive: true });
    cpSync(tarball, inImage(build, dest));
  }
  for (const step of dockerfile.runs) replay(step, build);
  // The copy is what runs; the build folder goes, so a link into it would break.
  image = join(work, 'image');
  cpSync(build, image, { recursive: true, verbatimSymlinks: true });
  rmSync(build, { recursive: true, force: true });
}, 120_000);

afterAll(() => {
  if (image) setWritable(image, true);
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the container image', () => {
  it('is built from the package with the entry point and user that deploy/ expects', () => {
    expect(dockerfile.from).toMatch(/^node:20-slim\b|distroless\/nodejs20/);
    expect(dockerfile.entrypoint).toEqual(['platlint']);
    expect(dockerfile.cmd[0]).toBe('serve');
    expect(uid).toBe(65532);
    expect(container.securityContext).toMatchObject({ runAsUser: uid, readOnlyRootFilesystem: true });
    // The Deployment's args replace CMD: they keep every flag of it.
    for (const flag of dockerfile.cmd) expect(container.args ?? dockerfile.cmd).toContain(flag);
    const version = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    expect(container.image).toMatch(new RegExp(`/platlint:${version.replace(/\./g, '\\.')}$`));
    expect(readFileSync(join(REPO_ROOT, 'deploy/README.md'), 'utf8')).toContain(`docker build -t ${container.image} .`);
  });

  it('holds the package and the entry point on PATH, and no tarball or npm cache', () => {
    expect(statSync(join(image, 'usr/local/lib/node_modules/platlint/packages/cli/dist/platlint.mjs')).isFile()).toBe(true);
    expect(lstatSync(join(image, 'usr/local/bin', dockerfile.entrypoint[0]!)).isSymbolicLink()).toBe(true);
    expect(readdirSync(join(image, 'tmp'))).toEqual([]);
    expect(existsSync(join(image, 'root/.npm'))).toBe(false);
  });

  it(`serves HTTPS from a read-only copy of the tree${asImageUser ? ` as user ${uid}` : ''}`, async () => {
    // The Deployment's mounts: the state ConfigMap and the TLS Secret (mode 0644, as Secrets are mounted).
    const ca = makeCa();
    const { cert, key } = ca.issue('webhook');
    const flag = (name: string) => dockerfile.cmd.find((a) => a.startsWith(`--${name}=`))!.split('=')[1]!;
    cpSync(join(REPO_ROOT, 'examples/admission/state'), inImage(image, flag('state')), { recursive: true });
    mkdirSync(dirname(inImage(image, flag('tls-cert-file'))), { recursive: true });
    cpSync(cert, inImage(image, flag('tls-cert-file')));
    cpSync(key, inImage(image, flag('tls-private-key-file')));
    chmodSync(inImage(image, flag('tls-private-key-file')), 0o644);
    setWritable(image, false);
    if (asImageUser) for (const dir of [tmpdir(), work]) chmodSync(dir, 0o755);
    const before = listing(image);

    // CMD with the mounted paths inside the copy; the port is the helper's (any free one).
    const args = dockerfile.cmd
      .slice(1)
      .filter((a) => !a.startsWith('--port='))
      .map((a) => a.replace(/=\//, `=${image}/`));
    const env = cleanEnv({
      ...dockerfile.env,
      PATH: `${join(image, 'usr/local/bin')}:${process.env.PATH ?? ''}`,
      HOME: '/nonexistent',
    });
    const served = await serve(args, {
      command: dockerfile.entrypoint,
      cwd: '/',
      env,
      ...(asImageUser ? { user: { uid, gid } } : {}),
    });
    try {
      expect((await call(served.port, '/healthz', { ca: ca.caCert })).status).toBe(200);
      expect((await call(served.port, '/readyz', { ca: ca.caCert })).status).toBe(200);
    } finally {
      await served.stop();
      rmSync(ca.dir, { recursive: true, force: true });
    }
    expect(listing(image)).toEqual(before);
  });
});
