// The editor's settings over stdio: a rule id in `platlint.rules` that names no rule is left
// out of the lint, and the user is told which, with the nearest known id. Needs `npm run build`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER } from './cli-findings.js';
import { TestClient } from './client.js';

const DEPLOYMENT = ['apiVersion: apps/v1', 'kind: Deployment', 'metadata:', '  name: web', 'spec:', '  replicas: -2', '  selector:', '    matchLabels: {app: web}', '  template:', '    metadata:', '      labels: {app: web}', '    spec:', '      containers:', '        - name: web', '          image: nginx:1.27', ''].join('\n');

describe('rule settings naming no rule', () => {
  let dir: string;
  let client: TestClient;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'platlint-settings-'));
    writeFileSync(join(dir, 'app.yaml'), DEPLOYMENT);
    client = await TestClient.start([process.execPath, SERVER, '--stdio'], dir, { initializationOptions: { settings: { rules: { 'schema/rang': 'off' } } } });
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
    expect(warnings()).toEqual(['platlint: a platlint.rules setting is left out: unknown rule "schema/rang"; did you mean "schema/range"? (see `platlint rules`)']);
  });

  it('tells again only of ids that changed settings newly name', async () => {
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: { platlint: { rules: { 'schema/rang': 'off', 'nothing/like-this': 'error', 'schema/range': 'off' } } } });
    const uri = pathToFileURL(join(dir, 'app.yaml')).href;
    await client.diagnostics(uri, (p) => !p.diagnostics.some((d) => d.code === 'schema/range'));
    expect(warnings()).toHaveLength(2);
    expect(warnings()[1]).toBe('platlint: a platlint.rules setting is left out: unknown rule "nothing/like-this" (see `platlint rules`)');
  });
});
