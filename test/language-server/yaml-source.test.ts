// What the YAML reader refuses or reads as the platform does (issue 23, items 13 and 18a), seen
// from an editor over stdio: an alias to no anchor is a finding at the alias; a CR-only file's
// findings, and hover, sit on the lines the editor shows (the protocol counts a lone CR as a
// line break).
// Needs `npm run build`.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './client.js';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const SERVER = join(ROOT, 'packages/language-server/dist/server.mjs');
if (!existsSync(SERVER)) throw new Error(`${SERVER} does not exist: build first (\`npm run build\`).`);

const deployment = (field: string): string =>
  [
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    '  name: web',
    'spec:',
    `  ${field}: 2`,
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

describe('the language server reads YAML as the platform does', () => {
  let dir: string;
  let client: TestClient;
  const uri = (name: string): string => pathToFileURL(join(dir, name)).href;
  const findings = async (name: string, text: string): Promise<string[]> => {
    const published = client.diagnostics(uri(name));
    await client.open(uri(name), text);
    return (await published).diagnostics.map(
      (d) => `${d.range.start.line}:${d.range.start.character}-${d.range.end.character} ${String(d.code)} ${d.message}`,
    );
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'platlint-ls-yaml-'));
    client = await TestClient.start([process.execPath, SERVER, '--stdio'], dir);
  });

  afterAll(async () => {
    await client?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('an alias to no anchor is a yaml/syntax finding at the alias', async () => {
    expect(await findings('alias.yaml', deployment('replicas').replace('  replicas: 2', '  replicas: *count'))).toEqual([
      '5:12-18 yaml/syntax alias *count refers to no anchor: an alias needs an anchor &count earlier in the same document, and the platform refuses the document without one',
    ]);
  });

  it('hover reads a CR-only file by its lines, as the editor shows them', async () => {
    await client.open(uri('cr-hover.yaml'), deployment('replicas').replaceAll('\n', '\r'));
    const hover = (await client.connection.sendRequest('textDocument/hover', {
      textDocument: { uri: uri('cr-hover.yaml') },
      position: { line: 5, character: 4 },
    })) as { contents: { value: string } } | null;
    expect(hover?.contents.value).toContain('**replicas**');
  });

  it('a CR-only file is read, its findings on the lines the editor shows', async () => {
    expect(await findings('cr.yaml', deployment('replicaz').replaceAll('\n', '\r'))).toEqual([
      '5:2-10 schema/unknown-field unknown field "replicaz"; did you mean "replicas"?',
    ]);
  });
});
