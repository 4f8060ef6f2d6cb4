// A kustomize patch in the editor: the language server over stdio gives what the CLI gives
// (the patch's values checked, nothing asked of what it leaves to its target). Needs the
// bundles: `npm run build`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER, cliDiagnostics, comparable } from './cli-findings.js';
import { TestClient } from './client.js';

const FILES: Record<string, string> = {
  'overlay/kustomization.yaml': 'resources: [../base]\npatches:\n- path: replicas.yaml\n',
  'overlay/replicas.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: three\n',
};

describe('a kustomize patch in the language server', () => {
  let dir: string;
  let client: TestClient;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'platlint-lsp-kustomize-'));
    for (const [name, text] of Object.entries(FILES)) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    client = await TestClient.start([process.execPath, SERVER, '--stdio'], dir);
  });

  afterAll(async () => {
    await client?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("has its values checked, and no selector or template asked of it: the CLI's findings", async () => {
    const name = 'overlay/replicas.yaml';
    const uri = pathToFileURL(join(dir, name)).href;
    const published = client.diagnostics(uri);
    await client.open(uri, FILES[name] as string);
    const { diagnostics } = await published;
    expect(diagnostics.map((d) => d.code).sort()).toEqual(['document/kustomize-patch', 'schema/type']);
    expect(comparable(diagnostics)).toEqual(cliDiagnostics(dir, [name]).get(name));
  });

  it('reads it again when its kustomization changes on disk: no longer named, it is an object of its own', async () => {
    const name = 'overlay/replicas.yaml';
    const uri = pathToFileURL(join(dir, name)).href;
    writeFileSync(join(dir, 'overlay/kustomization.yaml'), 'resources: [../base, replicas.yaml]\n');
    const relinted = client.diagnostics(uri, (p) => p.diagnostics.some((d) => d.code === 'schema/required'));
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: pathToFileURL(join(dir, 'overlay/kustomization.yaml')).href, type: 2 }],
    });
    const { diagnostics } = await relinted;
    expect(diagnostics.map((d) => d.code)).not.toContain('document/kustomize-patch');
    expect(comparable(diagnostics)).toEqual(cliDiagnostics(dir, [name]).get(name));
  });
});
