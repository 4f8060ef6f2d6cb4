// The published package, installed the way users install it: packed, then installed from the
// tarball into an empty folder offline, and each door started from there as a process through
// the installed bins (`npx platlint ...`), never through this repository's files.
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node';
import { answerOf, call, deploymentRequest, makeCa, review, serve } from '../webhook/helpers.js';
import { REPO_ROOT, cleanEnv, installTarball, packTarball, run, tempFolder } from './npm-package.js';

let work: string;
let consumer: string;
let tarball: string;
/** The installed bin, as `npx platlint` finds it (`npx` itself is used once: it costs a second a call). */
const platlint = (args: string[]) => run(join(consumer, 'node_modules/.bin/platlint'), args, consumer);

const broken = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: "three"
`;

beforeAll(() => {
  work = tempFolder('package');
  tarball = packTarball(work);
  consumer = installTarball(tarball, work);
  cpSync(join(REPO_ROOT, 'examples/admission'), join(consumer, 'admission'), { recursive: true });
  writeFileSync(join(consumer, 'broken.yaml'), broken);
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the npm package', () => {
  it('declares what a registry needs and ships the bundles without sources', () => {
    const manifest = JSON.parse(readFileSync(join(consumer, 'node_modules/platlint/package.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(manifest).toMatchObject({
      name: 'platlint',
      license: 'Apache-2.0',
      bin: { platlint: expect.any(String), 'platlint-language-server': expect.any(String) },
    });
    expect(manifest.private).toBeUndefined();
    expect(manifest.dependencies ?? {}).toEqual({});
    const listing = run('tar', ['tzf', tarball], work).stdout.split('\n').filter(Boolean);
    expect(listing).toContain('package/LICENSE');
    expect(listing.some((f) => f.endsWith('.ts') || f.includes('/src/'))).toBe(false);
  });

  it('lint: reports a broken manifest with exit 1 and passes a clean one', () => {
    const bad = run('npx', ['--offline', '--no-install', 'platlint', 'lint', 'broken.yaml'], consumer);
    expect(bad.status, bad.stderr).toBe(1);
    expect(bad.stdout).toMatch(/broken\.yaml/);
    expect(bad.stdout).toMatch(/replicas|integer/);
    const clean = platlint(['lint', 'admission/objects/deployment.yaml']);
    expect(clean.status, clean.stdout + clean.stderr).toBe(0);
  });

  it("--version: the package's version", () => {
    const result = platlint(['--version']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout.trim()).toBe(
      (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version,
    );
  });

  it("explain: prints a rule's documentation, its Markdown file shipped inside the bundle", () => {
    const result = platlint(['explain', 'endpoints/address-readiness']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain(readFileSync(join(REPO_ROOT, 'rules/src/endpoints/address-readiness.md'), 'utf8'));
  });

  it('mutate: applies the example policies to the example object', () => {
    const result = platlint(['mutate', '--state', 'admission/state', 'admission/objects/deployment.yaml']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/team: checkout/);
  });

  it('test: runs the example admission test cases', () => {
    const result = platlint(['test', 'admission/tests']);
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/labels a deployment with its namespace's team/);
  });

  it('schema: writes the JSON Schema of a kind', () => {
    const result = platlint(['schema', 'Deployment']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/"replicas"/);
  });

  it('serve: answers over HTTPS', async () => {
    const ca = makeCa();
    try {
      const { cert, key } = ca.issue('webhook');
      const served = await serve(['--state', 'admission/state', '--tls-cert-file', cert, '--tls-private-key-file', key], {
        command: [join(consumer, 'node_modules/.bin/platlint')],
        cwd: consumer,
        env: cleanEnv(),
      });
      try {
        const reply = await call(served.port, '/healthz', { ca: ca.caCert });
        expect(reply.status).toBe(200);
      } finally {
        await served.stop();
      }
    } finally {
      rmSync(ca.dir, { recursive: true, force: true });
    }
  });

  // /validate is always decided on an admission worker thread, which starts from the admission
  // worker's own bundle (packages/admission/dist/worker.mjs), not from the CLI's: without that
  // file in the package the worker cannot start and the request fails with 500.
  it("serve: decides /validate on an admission worker started from the package's worker bundle", async () => {
    const ca = makeCa();
    try {
      const { cert, key } = ca.issue('webhook');
      const served = await serve(['--state', 'admission/state', '--tls-cert-file', cert, '--tls-private-key-file', key], {
        command: [join(consumer, 'node_modules/.bin/platlint')],
        cwd: consumer,
        env: cleanEnv(),
      });
      try {
        const object = {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'web', namespace: 'shop' },
          spec: { replicas: 'three' },
        };
        const answer = answerOf(
          await call(served.port, '/validate', { ca: ca.caCert, body: review(deploymentRequest('installed-validate', object)) }),
        );
        expect(answer).toMatchObject({ uid: 'installed-validate', allowed: false });
        expect(answer.status?.message).toMatch(/replicas/);
        const metrics = (await call(served.port, '/metrics', { ca: ca.caCert })).body;
        expect(metrics).toMatch(/^platlint_webhook_decisions_total\{route="validate"\} 1$/m);
      } finally {
        await served.stop();
      }
    } finally {
      rmSync(ca.dir, { recursive: true, force: true });
    }
  });

  it('the language server: initializes over stdio and publishes diagnostics', async () => {
    const child = spawn(join(consumer, 'node_modules/.bin/platlint-language-server'), ['--stdio'], {
      cwd: consumer,
      env: cleanEnv(),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    const published = new Promise<{ uri: string; diagnostics: unknown[] }>((resolve) =>
      connection.onNotification('textDocument/publishDiagnostics', resolve),
    );
    connection.onRequest(() => null);
    connection.listen();
    try {
      const rootUri = pathToFileURL(consumer).href;
      const init = await connection.sendRequest<{ capabilities: Record<string, unknown>; serverInfo?: { name: string } }>(
        'initialize',
        { processId: process.pid, rootUri, workspaceFolders: [{ uri: rootUri, name: 'consumer' }], capabilities: {} },
      );
      expect(init.capabilities).toHaveProperty('hoverProvider');
      await connection.sendNotification('initialized', {});
      const uri = pathToFileURL(join(consumer, 'broken.yaml')).href;
      await connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri, languageId: 'yaml', version: 1, text: broken },
      });
      const diagnostics = await published;
      expect(diagnostics.uri).toBe(uri);
      expect(diagnostics.diagnostics.length).toBeGreaterThan(0);
      await connection.sendRequest('shutdown');
      await connection.sendNotification('exit');
    } finally {
      connection.dispose();
      if (child.exitCode === null) child.kill();
    }
  });
});
