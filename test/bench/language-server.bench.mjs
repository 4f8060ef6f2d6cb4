// Editor latency of the language server against yaml-language-server, in the same run and
// through the same LSP client (vscode-languageserver-protocol over stdio):
//
//   node test/bench/language-server.bench.mjs [--rounds 7] [--lines 5000 | --megabytes 5] [--edits 2] [--server PATH]
//
// The file: a multi-document manifest of Deployments (the generated benchmark corpus, cut to
// about --lines lines, or to about --megabytes MB: the row is a 5 MB file, opened). yaml-language-server validates it against the JSON Schema that
// platlint exports for Deployment (packages/core/src/schema-export/export.ts); platlint
// lints it with every rule. Two timings per server, as medians over the rounds:
// - open: didOpen to the first publishDiagnostics that shows the file's one error;
// - edit: a one-character didChange (the error is removed, or put back) to the diagnostics
//   that show it. Edits are a second apart, as lone keystrokes, for both servers alike.
// Both servers run with their defaults (yaml-language-server waits 200 ms before validating;
// platlint lints a lone edit at once and waits 150 ms when edits come in quick succession).
// Needs the server bundle (`npm run build`).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import protocol from 'vscode-languageserver-protocol/node';
import { generatedCorpus } from './corpus.mjs';

const { createMessageConnection, StreamMessageReader, StreamMessageWriter } = protocol;
const root = fileURLToPath(new URL('../..', import.meta.url));
const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '7' },
    lines: { type: 'string', default: '5000' },
    megabytes: { type: 'string' },
    edits: { type: 'string', default: '2' },
    // Another build of the server (the launcher in a copy of packages/language-server/dist/ made before a change), run as a third server.
    server: { type: 'string' },
  },
});
const rounds = Number(values.rounds);
const edits = Number(values.edits);
const server = join(root, 'packages/language-server/dist/server.mjs');
if (!existsSync(server)) throw new Error(`${server} is missing: run \`npm run build\` first`);
const yamlServer = join(root, 'node_modules/yaml-language-server/bin/yaml-language-server');

// --- The file and the schema -------------------------------------------------------------

const work = mkdtempSync(join(tmpdir(), 'platlint-lsp-bench-'));
// A file of megabytes needs the shared 10,000-document corpus (about 19 MB of Deployments); a few thousand lines, 400 documents.
let corpus = join(work, 'corpus');
if (values.megabytes) corpus = generatedCorpus(10000);
else
  spawnSync(process.execPath, [join(root, 'test/bench/generate-corpus.mjs'), '--out', corpus, '--documents', '400'], {
    stdio: 'ignore',
  });
const deployments = [];
for (const file of readdirSync(corpus)
  .filter((f) => f.endsWith('.yaml'))
  .sort()) {
  for (const doc of readFileSync(join(corpus, file), 'utf8').split(/^---\n/m))
    if (/^kind: Deployment$/m.test(doc)) deployments.push(doc.endsWith('\n') ? doc : `${doc}\n`);
}
const docs = [];
let lineCount = 0;
let byteCount = 0;
const enough = () => (values.megabytes ? byteCount >= Number(values.megabytes) * 1e6 : lineCount >= Number(values.lines));
for (const doc of deployments) {
  if (enough()) break;
  docs.push(doc);
  lineCount += doc.split('\n').length;
  byteCount += Buffer.byteLength(doc) + 4;
}
let text = docs.join('---\n');
// One error to show, in the middle of the file: `replicas: x9` is not an integer.
const lines = text.split('\n');
const errorLine = lines.findIndex((l, i) => i > lines.length / 2 && /^ {2}replicas: \d+$/.test(l));
const column = lines[errorLine].indexOf(':') + 2;
lines[errorLine] = `${lines[errorLine].slice(0, column)}x${lines[errorLine].slice(column)}`;
text = lines.join('\n');

mkdirSync(join(root, '.bench'), { recursive: true });
const exporter = join(root, '.bench/schema-export.mjs');
await build({
  entryPoints: [join(root, 'packages/core/src/schema-export/export.ts')],
  outfile: exporter,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  conditions: ['source'],
  alias: { yaml: join(root, 'node_modules/yaml/browser/index.js') },
  banner: { js: "import { createRequire as __r } from 'node:module'; const require = __r(import.meta.url);" },
  logLevel: 'warning',
});
const { exportJsonSchemas } = await import(pathToFileURL(exporter).href);
const schemaFile = join(work, 'deployment.schema.json');
writeFileSync(schemaFile, JSON.stringify(exportJsonSchemas(['Deployment'])[0].schema));
const workspace = join(work, 'workspace');
mkdirSync(workspace);

// --- A client ------------------------------------------------------------------------------

const now = () => Number(process.hrtime.bigint()) / 1e6;
const yamlSettings = {
  validate: true,
  hover: true,
  completion: true,
  format: { enable: false },
  schemaStore: { enable: false },
  schemas: { [pathToFileURL(schemaFile).href]: ['*.yaml'] },
};

async function startClient(name, args) {
  const child = spawn(process.execPath, args, { cwd: workspace, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += c));
  const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const waiters = [];
  connection.onNotification('textDocument/publishDiagnostics', (params) => {
    const at = now();
    for (const w of [...waiters]) {
      if (w.uri === params.uri && w.test(params.diagnostics)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(at);
      }
    }
  });
  connection.onRequest('workspace/configuration', (params) =>
    params.items.map((item) =>
      item.section === 'yaml' ? yamlSettings : item.section === 'yaml.schemas' ? yamlSettings.schemas : null,
    ),
  );
  connection.onRequest('client/registerCapability', () => null);
  connection.onRequest('window/workDoneProgress/create', () => null);
  connection.onNotification(() => undefined);
  connection.listen();
  const rootUri = pathToFileURL(workspace).href;
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri,
    workspaceFolders: [{ uri: rootUri, name: 'bench' }],
    capabilities: {
      workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: false } },
      textDocument: { publishDiagnostics: {}, synchronization: { dynamicRegistration: false } },
    },
  });
  await connection.sendNotification('initialized', {});
  await connection.sendNotification('workspace/didChangeConfiguration', { settings: { yaml: yamlSettings } });
  const diagnostics = (uri, test) =>
    new Promise((resolve, reject) => {
      // yaml-language-server takes tens of seconds over a file of megabytes on a busy machine.
      const timer = setTimeout(() => reject(new Error(`${name}: no diagnostics for ${uri} within 300 s\n${stderr}`)), 300_000);
      waiters.push({ uri, test, resolve: (at) => (clearTimeout(timer), resolve(at)) });
    });
  return { name, connection, child, diagnostics };
}

const hasError = (ds) => ds.some((d) => d.range.start.line === errorLine);
const noError = (ds) => !hasError(ds);
const pause = (ms) => new Promise((r) => setTimeout(r, ms));

/** One round: open a fresh document, then edits that remove and restore the error. */
async function round(client, id, edits) {
  const uri = pathToFileURL(join(workspace, `manifest-${client.name}-${id}.yaml`)).href;
  const opened = client.diagnostics(uri, hasError);
  const start = now();
  await client.connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId: 'yaml', version: 1, text },
  });
  const open = (await opened) - start;
  const editTimes = [];
  for (let k = 0; k < edits; k++) {
    await pause(1000);
    const removing = k % 2 === 0;
    const range = {
      start: { line: errorLine, character: column },
      end: { line: errorLine, character: removing ? column + 1 : column },
    };
    const shown = client.diagnostics(uri, removing ? noError : hasError);
    const t = now();
    await client.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: k + 2 },
      contentChanges: [{ range, text: removing ? '' : 'x' }],
    });
    editTimes.push((await shown) - t);
  }
  await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  return { open, edits: editTimes };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const clients = [
  await startClient('platlint', [server, '--stdio']),
  await startClient('yaml-language-server', [yamlServer, '--stdio']),
];
if (values.server) clients.push(await startClient('platlint (--server)', [values.server, '--stdio']));
// Warm-up: first compilations, the schema read, the lint thread's start.
for (const client of clients) await round(client, 'warm', Math.min(edits, 2));
const results = Object.fromEntries(clients.map((c) => [c.name, { open: [], edit: [] }]));
for (let r = 0; r < rounds; r++) {
  // Each round in another order, so that a burst of load from elsewhere hits every server alike.
  const order = clients.map((_, i) => clients[(i + r) % clients.length]);
  for (const client of r % 2 === 0 ? order : order.reverse()) {
    const result = await round(client, r, edits);
    results[client.name].open.push(result.open);
    results[client.name].edit.push(...result.edits);
  }
}
for (const client of clients) {
  await Promise.race([client.connection.sendRequest('shutdown'), pause(2000)]);
  await client.connection.sendNotification('exit');
  client.child.kill();
}

const fmt = (ms) => (ms === undefined ? '      -' : `${ms.toFixed(0).padStart(6)} ms`);
const spread = (xs) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`;
console.log(
  `file: ${text.split('\n').length} lines, ${(Buffer.byteLength(text) / 1e6).toFixed(2)} MB, ${docs.length} Deployments; ${rounds} alternating rounds (medians, spread in brackets; edits: ${results.platlint.edit.length} per server)`,
);
console.log(`${''.padEnd(22)} open → diagnostics            edit → diagnostics`);
for (const { name } of clients) {
  const { open, edit } = results[name];
  console.log(
    `${name.padEnd(22)} ${fmt(median(open))} [${spread(open)}]`.padEnd(53) +
      (edit.length ? `${fmt(median(edit))} [${spread(edit)}]` : ''),
  );
}
const yls = results['yaml-language-server'];
for (const { name } of clients.filter((c) => c.name !== 'yaml-language-server')) {
  const ours = results[name];
  const editRatio = ours.edit.length ? `, edit ${(median(ours.edit) / median(yls.edit)).toFixed(2)}` : '';
  console.log(
    `ratio ${name} / yaml-language-server: open ${(median(ours.open) / median(yls.open)).toFixed(2)}${editRatio} (targets: open of a 5 MB file at most 0.5; open and edit of 5,000 lines at most 0.33)`,
  );
}
