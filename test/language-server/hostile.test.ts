// Crafted YAML sent to the language server over stdio (issue 11): the worker must answer
// with findings, not die, and keep serving the next document. Needs `npm run build`.
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

describe('language server and hostile YAML', () => {
  let dir: string;
  let client: TestClient;
  const uri = (name: string): string => pathToFileURL(join(dir, name)).href;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'platlint-ls-hostile-'));
    client = await TestClient.start([process.execPath, SERVER, '--stdio'], dir);
  });

  afterAll(async () => {
    await client?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a document nested 2,000 levels deep is a yaml/syntax finding; the next document is still linted', async () => {
    const text = `${'- '.repeat(2000)}x\n---\n${deployment('replicaz')}`;
    const published = client.diagnostics(uri('deep.yaml'));
    await client.open(uri('deep.yaml'), text);
    const { diagnostics } = await published;
    expect(diagnostics.map((d) => `${d.range.start.line}:${String(d.code)}`)).toEqual([
      '0:yaml/syntax',
      '7:schema/unknown-field',
    ]);
  });

  it('keeps serving afterwards, and keys named __proto__ are unknown fields by their own name', async () => {
    const published = client.diagnostics(uri('proto.yaml'));
    await client.open(uri('proto.yaml'), deployment('__proto__'));
    const { diagnostics } = await published;
    expect(diagnostics.map((d) => d.message)).toEqual(['unknown field "__proto__"']);
  });

  it('hovering a key named constructor finds no documentation, and the server keeps answering', async () => {
    await client.open(uri('ctor.yaml'), deployment('constructor'));
    const hover = (await client.connection.sendRequest('textDocument/hover', {
      textDocument: { uri: uri('ctor.yaml') },
      position: { line: 5, character: 4 },
    })) as { contents: { value: string } } | null;
    expect(hover).toBeNull();
    const replicas = (await client.connection.sendRequest('textDocument/hover', {
      textDocument: { uri: uri('ctor.yaml') },
      position: { line: 1, character: 2 },
    })) as { contents: { value: string } } | null;
    expect(replicas?.contents.value).toContain('Deployment');
  });
});

// Issue 23, item 16: after one frame whose Content-Length is too short the server read no message
// again, and said nothing. vscode-jsonrpc's reader cannot be set back on the next header from
// outside (src/stdio-connection.ts says why), so the server must exit non-zero with a message.
describe('language server and broken frames', () => {
  let dir: string;
  const hover = (client: TestClient): Promise<unknown> =>
    client.connection.sendRequest('textDocument/hover', {
      textDocument: { uri: pathToFileURL(join(dir, 'x.yaml')).href },
      position: { line: 0, character: 0 },
    });

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'platlint-ls-frames-'));
  });

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('invalid JSON in a frame of the right length is dropped, and the next request is answered', async () => {
    const client = await TestClient.start([process.execPath, SERVER, '--stdio'], dir);
    try {
      client.writeRaw('Content-Length: 34\r\n\r\n{"jsonrpc":"2.0","id":99,"method":');
      await expect(hover(client)).resolves.toBeNull();
      expect(client.child.exitCode).toBeNull();
    } finally {
      await client.stop();
    }
  });

  it('a Content-Length too short: the server answers the next request, or exits non-zero saying why', async () => {
    const client = await TestClient.start([process.execPath, SERVER, '--stdio'], dir);
    try {
      client.writeRaw('Content-Length: 5\r\n\r\n{"jsonrpc":"2.0","id":98,"method":"shutdown"}');
      // A request left unanswered when the server exits settles nothing: the exit decides.
      const answered = hover(client).then(
        (answer) => ({ answer }),
        () => new Promise<never>(() => undefined),
      );
      const outcome = await Promise.race([answered, client.exited().then((status) => ({ status }))]);
      if ('status' in outcome) {
        expect(outcome.status).not.toBe(0);
        expect(outcome.status).not.toBeNull();
        expect(client.errorOutput).toMatch(
          /^platlint-language-server: a message on standard input did not match its Content-Length header/,
        );
        expect(client.errorOutput).not.toMatch(/^\s+at /m);
      } else expect(outcome.answer).toBeNull();
    } finally {
      await client.stop();
    }
  });
});
