// Custom resources in the editor: the language server over stdio lints an open custom resource
// against the CustomResourceDefinition of the workspace as the CLI does over the same files, and
// an edited definition in an open buffer counts in place of the file on disk.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompletionItem, CompletionList, Hover } from 'vscode-languageserver-protocol';
import { SERVER, cliDiagnostics, comparable } from './cli-findings.js';
import { TestClient } from './client.js';

const FIXTURES = resolve(fileURLToPath(new URL('../fixtures/custom-resources', import.meta.url)));
const CRD = readFileSync(join(FIXTURES, 'widget-crd.yaml'), 'utf8');
const WIDGETS = readFileSync(join(FIXTURES, 'widgets.yaml'), 'utf8');

describe('custom resources in the language server', () => {
  let dir: string;
  let client: TestClient;
  const uri = (name: string): string => pathToFileURL(join(dir, name)).href;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'platlint-lsp-crd-'));
    writeFileSync(join(dir, 'widget-crd.yaml'), CRD);
    writeFileSync(join(dir, 'widgets.yaml'), WIDGETS);
    client = await TestClient.start([process.execPath, SERVER, '--stdio'], dir);
  });

  afterAll(async () => {
    await client?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lints an open custom resource against the workspace’s definition, as the CLI does', async () => {
    const published = client.diagnostics(uri('widgets.yaml'));
    await client.open(uri('widgets.yaml'), WIDGETS);
    const { diagnostics } = await published;
    expect(diagnostics.map((d) => d.code)).toEqual(
      expect.arrayContaining(['schema/enum', 'schema/duplicate', 'custom-resource/validation-rules']),
    );
    expect(comparable(diagnostics)).toEqual(cliDiagnostics(dir, ['widgets.yaml', 'widget-crd.yaml']).get('widgets.yaml'));
  });

  it('hovers a custom resource’s field with its definition’s description, and completes its enum', async () => {
    // widgets.yaml line 7 (0-based 6) is `  size: small`.
    const hover = (await client.connection.sendRequest('textDocument/hover', {
      textDocument: { uri: uri('widgets.yaml') },
      position: { line: 6, character: 3 },
    })) as Hover;
    expect((hover.contents as { value: string }).value).toContain('How big the widget is.');
    const items = (await client.connection.sendRequest('textDocument/completion', {
      textDocument: { uri: uri('widgets.yaml') },
      position: { line: 6, character: 8 },
    })) as CompletionItem[] | CompletionList;
    expect((Array.isArray(items) ? items : items.items).map((i) => i.label).sort()).toEqual(['large', 'small']);
  });

  it('reads an open definition in place of the file on disk', async () => {
    // The open buffer allows `medium`: the enum finding goes once the custom resource is linted again.
    await client.open(uri('widget-crd.yaml'), CRD.replace('enum: [small, large]', 'enum: [small, medium, large]'));
    const published = client.diagnostics(uri('widgets.yaml'), (p) => p.version === 2);
    await client.change(uri('widgets.yaml'), 2, [{ text: `${WIDGETS}\n` }]);
    const { diagnostics } = await published;
    expect(diagnostics.map((d) => d.code)).not.toContain('schema/enum');
    expect(diagnostics.map((d) => d.code)).toContain('schema/duplicate');
  });
});
