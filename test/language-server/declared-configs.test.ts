// Files platlint.config.yaml declares as API server configuration (apiServerConfigs), in the
// editor: the language server over stdio gives what the CLI gives for the same files. Needs
// the bundles: `npm run build`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER, cliDiagnostics, comparable } from './cli-findings.js';
import { TestClient } from './client.js';

const FILES: Record<string, string> = {
  'platlint.config.yaml': 'apiServerConfigs:\n  authentication: [config/authn.yaml]\n  tracing: [config/tracing.yaml]\n',
  'config/authn.yaml': 'apiVersion: apiserver.plat.io/v1beta1\nkind: TracingConfiguration\nendpoint: localhost:4317\n',
  // Neither apiVersion nor kind: YAML the editor leaves alone, unless it is declared.
  'config/tracing.yaml': 'endpoint: localhost:4317\nsamplingRatePerMillion: 100\n',
  'other-group.yaml': 'apiVersion: apps/v1alpha1\nkind: EgressSelectorConfiguration\n',
};

describe('declared API server configuration files in the language server', () => {
  let dir: string;
  let client: TestClient;
  const uri = (name: string): string => pathToFileURL(join(dir, name)).href;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'platlint-lsp-declared-'));
    mkdirSync(join(dir, 'config'));
    for (const [name, text] of Object.entries(FILES)) writeFileSync(join(dir, name), text);
    client = await TestClient.start([process.execPath, SERVER, '--stdio'], dir);
  });

  afterAll(async () => {
    await client?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['a declared file holding another kind', 'config/authn.yaml', 'document/declared-kind'],
    ['a declared file with neither apiVersion nor kind', 'config/tracing.yaml', 'document/declared-kind'],
    ['a configuration kind under another group', 'other-group.yaml', 'document/unknown-version'],
  ])("%s: the CLI's findings", async (_what, name, ruleId) => {
    const published = client.diagnostics(uri(name));
    await client.open(uri(name), FILES[name] as string);
    const { diagnostics } = await published;
    expect(diagnostics.map((d) => d.code)).toEqual([ruleId]);
    expect(comparable(diagnostics)).toEqual(cliDiagnostics(dir, [name]).get(name));
  });
});
