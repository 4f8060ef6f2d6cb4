// The editor's settings over stdio: a rule id in `platlint.rules` that names no rule is left
// out of the lint, and the user is told which, with the nearest known id. Needs `npm run build`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER } from './cli-findings.js';
import { TestClient } from './client.js';

const DEPLOYMENT = [
  'apiVersion: apps/v1',
  'kind: Deployment',
  'metadata:',
  '  name: web',
  'spec:',
  '  replicas: -2',
  '  selector:',
  '    matchLabels: {app: web}',
  '  template:',
  '    metadata:',
  '      labels: {app: web}',
  '    spec:',
  '      containers:',
  '        - name: web',
  '          image: nginx:1.27',
  '',
].join('\n');

describe('rule settings naming no rule', () => {
  let dir: string;
  let client: TestClient;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'platlint-settings-'));
    writeFileSync(join(dir, 'app.yaml'), DEPLOYMENT);
    client = await TestClient.start([process.execPath, SERVER, '--stdio'], dir, {
      initializationOptions: { settings: { rules: { 'schema/rang': 'off' } } },
    });
  });

  afterAll(async () => {
    await client.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const warnings = (): string[] => client.messages.filter((m) => m.type === 2).map((m) => m.message);

  it('tells the user at start-up, naming the id and the nearest known one, and still lints', async () => {
    const uri = pathToFileURL(join(dir, 'app.yaml')).href;
    await client.open(uri, DEPLOYMENT);
    const published = await client.diagnostics(uri, (p) => p.diagnostics.length > 0);
    expect(published.diagnostics.map((d) => d.code)).toContain('schema/range');
    expect(warnings()).toEqual([
      'platlint: a platlint.rules setting is left out: unknown rule "schema/rang"; did you mean "schema/range"? (see `platlint rules`)',
    ]);
  });

  it('tells again only of ids that changed settings newly name', async () => {
    await client.connection.sendNotification('workspace/didChangeConfiguration', {
      settings: { platlint: { rules: { 'schema/rang': 'off', 'nothing/like-this': 'error', 'schema/range': 'off' } } },
    });
    const uri = pathToFileURL(join(dir, 'app.yaml')).href;
    await client.diagnostics(uri, (p) => !p.diagnostics.some((d) => d.code === 'schema/range'));
    expect(warnings()).toHaveLength(2);
    expect(warnings()[1]).toBe(
      'platlint: a platlint.rules setting is left out: unknown rule "nothing/like-this" (see `platlint rules`)',
    );
  });
});

// Issue 23, item 4: a configFile naming a file that is no configuration made the lint thread fail
// and restart about six times a second, with no diagnostics ever, and the log quoted the file's
// lines (for /etc/shadow: user names and password hashes).
describe('a configFile setting that cannot be used', () => {
  // Secret-looking lines, as /etc/shadow or a credentials file holds them; none may reach the client.
  const SECRETS = ['alice', 'S3cretSaltX', 'hunter2', 'AKIAEXAMPLEKEY'];
  const SECRET_FILE = [
    'alice:$6$S3cretSaltX$Jq9dGm2:19800:0:99999:7:::',
    'bob:hunter2:19800:0:99999:7:::',
    'aws_access_key_id = AKIAEXAMPLEKEY',
    '',
  ].join('\n');

  it.each([
    ['a file of secret-looking lines', 'shadow', 'not a platlint configuration'],
    ['a path where no file is', 'no-such-config.yaml', 'file not found'],
  ])('%s: said once, without the file text, and files are linted with the default configuration', async (_what, name, kind) => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-config-file-'));
    writeFileSync(join(dir, 'shadow'), SECRET_FILE);
    // The nearest configuration turns schema/range off: the defaults report it, so its finding shows
    // that the server uses the default configuration, not a lookup in place of the setting.
    writeFileSync(join(dir, 'platlint.config.yaml'), 'rules:\n  schema/range: off\n');
    const configFile = join(dir, name);
    const client = await TestClient.start([process.execPath, SERVER, '--stdio'], dir, {
      initializationOptions: { settings: { configFile } },
    });
    try {
      const uri = pathToFileURL(join(dir, 'app.yaml')).href;
      const first = client.diagnostics(uri);
      await client.open(uri, DEPLOYMENT);
      expect((await first).diagnostics.map((d) => d.code)).toContain('schema/range');

      // Settings sent again with the same file, and configuration files changing, make the lint
      // thread read the setting again; the user is not told again.
      const again = client.diagnostics(uri);
      await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: { platlint: { configFile } } });
      expect((await again).diagnostics.map((d) => d.code)).toContain('schema/range');
      const onceMore = client.diagnostics(uri);
      await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
        changes: [{ uri: pathToFileURL(join(dir, 'platlint.config.yaml')).href, type: 2 }],
      });
      expect((await onceMore).diagnostics.map((d) => d.code)).toContain('schema/range');

      const told = client.messages.filter((m) => m.message.includes('configFile'));
      expect(told).toHaveLength(1);
      // The file by name and its place, and the kind of problem.
      expect(told[0]?.message).toMatch(new RegExp(`: ${configFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+: ${kind}`));
      expect(client.logs.filter((m) => m.message.includes('configFile'))).toHaveLength(1);
      expect(client.logs.some((m) => /restarting the lint thread|lint thread failed/.test(m.message))).toBe(false);

      const everything = JSON.stringify([client.messages, client.logs, client.latestFor(uri)]) + client.errorOutput;
      for (const secret of SECRETS) expect(everything).not.toContain(secret);
    } finally {
      await client.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
