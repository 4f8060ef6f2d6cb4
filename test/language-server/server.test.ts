// The language server as editors run it: the built bundle started with --stdio, driven over
// LSP by a client process. Diagnostics are compared with the CLI's JSON output for the same
// text and configuration. Needs the bundles: `npm run build`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeAction, CompletionItem, CompletionList, DocumentSymbol, Hover, Location } from 'vscode-languageserver-protocol';
import { SERVER, cliDiagnostics, comparable } from './cli-findings.js';
import { TestClient } from './client.js';

const DEPLOYMENT = [
  'apiVersion: apps/v1',
  'kind: Deployment',
  'metadata:',
  '  name: web',
  'spec:',
  '  replicas: 2',
  '  strategy:',
  '    type: recreate',
  '  selector:',
  '    matchLabels: {app: web}',
  '  template:',
  '    metadata:',
  '      labels: {app: web}',
  '    spec:',
  '      containers:',
  '        - name: web',
  '          image: nginx:1.27',
  '          imagePullPolicy: Sometimes',
  '',
].join('\n');

const POLICY = [
  'apiVersion: admissionregistration.plat.io/v1',
  'kind: MutatingAdmissionPolicy',
  'metadata:',
  '  name: add-label',
  'spec:',
  '  matchConstraints:',
  '    resourceRules:',
  '      - apiGroups: ["apps"]',
  '        apiVersions: ["v1"]',
  '        operations: ["CREATE"]',
  '        resources: ["deployments"]',
  '  matchConditions:',
  '    - name: labelled',
  '      expression: >-',
  '        has(object.metadata.labels) &&',
  '        object.spec.replicaz > 1',
  '  mutations:',
  '    - patchType: ApplyConfiguration',
  '      applyConfiguration:',
  '        expression: "Object{spec: Object.spec{replicas: 2}}"',
  '',
].join('\n');

const BINDING = [
  'apiVersion: admissionregistration.plat.io/v1',
  'kind: MutatingAdmissionPolicyBinding',
  'metadata:',
  '  name: add-label-binding',
  'spec:',
  '  policyName: add-label',
  '',
].join('\n');

// Two documents: the first is broken YAML, the second still gets its findings.
const BROKEN_THEN_VALID = [
  'apiVersion: v1',
  'kind: Event',
  'metadata: {name: [unclosed',
  '---',
  'apiVersion: apps/v1',
  'kind: Deployment',
  'metadata:',
  '  name: Bad_Name',
  'spec:',
  '  selector: {}',
  '  template: {}',
  '',
].join('\n');

describe('language server over stdio', () => {
  let dir: string;
  let client: TestClient;
  const uri = (name: string): string => pathToFileURL(join(dir, name)).href;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'platlint-lsp-'));
    writeFileSync(join(dir, 'app.yaml'), DEPLOYMENT);
    writeFileSync(join(dir, 'policy.yaml'), POLICY);
    writeFileSync(join(dir, 'binding.yaml'), BINDING);
    writeFileSync(join(dir, 'mixed.yaml'), BROKEN_THEN_VALID);
    client = await TestClient.start([process.execPath, SERVER, '--stdio'], dir);
  });

  afterAll(async () => {
    await client?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("publishes the CLI's diagnostics for an opened file, with rule ids, severities and 0-based ranges", async () => {
    const published = client.diagnostics(uri('app.yaml'));
    await client.open(uri('app.yaml'), DEPLOYMENT);
    const { diagnostics } = await published;
    expect(diagnostics.map((d) => d.code)).toEqual(expect.arrayContaining(['schema/enum']));
    expect(diagnostics.every((d) => d.source === 'platlint')).toBe(true);
    expect(comparable(diagnostics)).toEqual(cliDiagnostics(dir, ['app.yaml']).get('app.yaml'));
  });

  it("reads YAML as the platform's reader does, as the CLI: a comment with no space before it and a tag go-yaml leaves alone are no errors, an entry with no key is", async () => {
    const text = DEPLOYMENT.replace('image: nginx:1.27', 'image: "nginx:1.27"#pinned')
      .replace('labels: {app: web}\n    spec:', 'labels: !ref {app: web}\n    spec:')
      .concat('---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata:\n  a: "1"\n  : "2"\n');
    writeFileSync(join(dir, 'go-yaml.yaml'), text);
    const published = client.diagnostics(uri('go-yaml.yaml'));
    await client.open(uri('go-yaml.yaml'), text);
    const { diagnostics } = await published;
    expect(diagnostics.filter((d) => d.severity === 1).map((d) => [d.code, d.range.start.line])).toEqual([
      ['schema/enum', 7],
      ['schema/enum', 17],
      ['yaml/syntax', 24],
    ]);
    expect(comparable(diagnostics)).toEqual(cliDiagnostics(dir, ['go-yaml.yaml']).get('go-yaml.yaml'));
  });

  it('underlines a CEL error at its token inside a block scalar, as the CLI does', async () => {
    const published = client.diagnostics(uri('policy.yaml'));
    await client.open(uri('policy.yaml'), POLICY);
    const { diagnostics } = await published;
    const cel = diagnostics.find((d) => d.code === 'admission/cel-schema');
    expect(cel?.range.start.line).toBe(15);
    expect(POLICY.split('\n')[15]!.slice(cel!.range.start.character, cel!.range.end.character)).toContain('replicaz');
    expect(comparable(diagnostics)).toEqual(cliDiagnostics(dir, ['policy.yaml', 'binding.yaml']).get('policy.yaml'));
  });

  it('lints across documents: a binding sees its policy in another file', async () => {
    const published = client.diagnostics(uri('binding.yaml'));
    await client.open(uri('binding.yaml'), BINDING);
    const { diagnostics } = await published;
    expect(diagnostics.map((d) => d.code)).not.toContain('admission/binding-policy-exists');
    expect(comparable(diagnostics)).toEqual(cliDiagnostics(dir, ['policy.yaml', 'binding.yaml']).get('binding.yaml'));
  });

  it('keeps linting the other documents of a file when one has a syntax error', async () => {
    const published = client.diagnostics(uri('mixed.yaml'));
    await client.open(uri('mixed.yaml'), BROKEN_THEN_VALID);
    const { diagnostics } = await published;
    const codes = diagnostics.map((d) => d.code);
    expect(codes).toContain('yaml/syntax');
    expect(diagnostics.some((d) => d.range.start.line >= 4 && d.code !== 'yaml/syntax')).toBe(true);
    expect(comparable(diagnostics)).toEqual(cliDiagnostics(dir, ['mixed.yaml']).get('mixed.yaml'));
  });

  it('updates diagnostics after incremental edits, as the CLI sees the edited text', async () => {
    // recreate → Recreate (line 7), then a second edit: replicas 2 → -2.
    await client.change(uri('app.yaml'), 2, [
      { range: { start: { line: 7, character: 10 }, end: { line: 7, character: 11 } }, text: 'R' },
    ]);
    const published = client.diagnostics(uri('app.yaml'), (p) => p.version === 3);
    await client.change(uri('app.yaml'), 3, [
      { range: { start: { line: 5, character: 12 }, end: { line: 5, character: 12 } }, text: '-' },
    ]);
    const { diagnostics } = await published;
    const edited = DEPLOYMENT.replace('type: recreate', 'type: Recreate').replace('replicas: 2', 'replicas: -2');
    writeFileSync(join(dir, 'edited.yaml'), edited);
    expect(diagnostics.some((d) => d.code === 'schema/enum' && d.range.start.line === 7)).toBe(false);
    expect(diagnostics.some((d) => d.code === 'schema/range' && d.range.start.line === 5)).toBe(true);
    expect(comparable(diagnostics)).toEqual(cliDiagnostics(dir, ['edited.yaml']).get('edited.yaml'));
  });

  it("hovers a key with its documentation, and apiVersion with the kind's summary", async () => {
    const hover = (await client.connection.sendRequest('textDocument/hover', {
      textDocument: { uri: uri('app.yaml') },
      position: { line: 5, character: 4 },
    })) as Hover;
    const text = (hover.contents as { value: string }).value;
    expect(text).toContain('**replicas**');
    expect(text).toContain('Default: `1`');
    const kind = (await client.connection.sendRequest('textDocument/hover', {
      textDocument: { uri: uri('app.yaml') },
      position: { line: 0, character: 3 },
    })) as Hover;
    expect((kind.contents as { value: string }).value).toContain('**Deployment** (`apps/v1`)');
  });

  it('completes keys and values', async () => {
    const items = (await client.connection.sendRequest('textDocument/completion', {
      textDocument: { uri: uri('app.yaml') },
      position: { line: 7, character: 10 },
    })) as CompletionItem[] | CompletionList;
    const labels = (Array.isArray(items) ? items : items.items).map((i) => i.label);
    expect(labels.sort()).toEqual(['Recreate', 'RollingUpdate']);
  });

  it("offers the rule's fix and a suppression comment as code actions", async () => {
    const { diagnostics } = client.latestFor(uri('app.yaml'))!;
    const range = diagnostics.find((d) => d.code === 'schema/range')!.range;
    const actions = (await client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: uri('app.yaml') },
      range,
      context: { diagnostics: diagnostics.filter((d) => d.code === 'schema/range') },
    })) as CodeAction[];
    const disable = actions.find((a) => a.title === 'Disable schema/range for this line');
    expect(disable?.edit?.changes?.[uri('app.yaml')]?.[0]?.newText).toBe(
      '  # platlint-disable-next-line schema/range -- reason\n',
    );

    const dir2 = uri('mixed.yaml');
    const mixed = client.latestFor(dir2)!.diagnostics;
    const fixable = mixed.filter((d) => (d.data as { fix?: unknown } | undefined)?.fix);
    const fixActions = (await client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: dir2 },
      range: fixable[0]?.range ?? mixed[0]!.range,
      context: { diagnostics: fixable.length ? fixable : mixed },
    })) as CodeAction[];
    expect(fixActions.length).toBeGreaterThan(0);
  });

  it('applies a rule fix offered as a quick fix', async () => {
    const text = DEPLOYMENT.replace('type: recreate', 'type: rollingupdate');
    writeFileSync(join(dir, 'fixable.yaml'), text);
    const published = client.diagnostics(uri('fixable.yaml'));
    await client.open(uri('fixable.yaml'), text);
    const enumFinding = (await published).diagnostics.find((d) => d.code === 'schema/enum')!;
    const actions = (await client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: uri('fixable.yaml') },
      range: enumFinding.range,
      context: { diagnostics: [enumFinding] },
    })) as CodeAction[];
    const fix = actions.find((a) => a.isPreferred);
    expect(fix?.edit?.changes?.[uri('fixable.yaml')]).toEqual([{ range: enumFinding.range, newText: 'RollingUpdate' }]);
  });

  it('lists one symbol per document and goes to the definition of a referenced object', async () => {
    const symbols = (await client.connection.sendRequest('textDocument/documentSymbol', {
      textDocument: { uri: uri('mixed.yaml') },
    })) as DocumentSymbol[];
    expect(symbols.map((s) => s.name)).toEqual(['Event (document 1)', 'Deployment Bad_Name']);
    const location = (await client.connection.sendRequest('textDocument/definition', {
      textDocument: { uri: uri('binding.yaml') },
      position: { line: 5, character: 16 },
    })) as Location;
    expect(location).toEqual({
      uri: uri('policy.yaml'),
      range: { start: { line: 3, character: 0 }, end: { line: 3, character: 0 } },
    });
  });

  it('lints open files again when platlint.config.yaml changes', async () => {
    writeFileSync(join(dir, 'platlint.config.yaml'), 'rules:\n  schema/range: off\n');
    const published = client.diagnostics(uri('app.yaml'), (p) => !p.diagnostics.some((d) => d.code === 'schema/range'));
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: uri('platlint.config.yaml'), type: 1 }],
    });
    const { diagnostics } = await published;
    expect(comparable(diagnostics)).toEqual(cliDiagnostics(dir, ['edited.yaml']).get('edited.yaml'));
  });

  it('shows an invalid configuration in the configuration file and says so in the manifests', async () => {
    writeFileSync(join(dir, 'platlint.config.yaml'), 'rules:\n  no/such-rule: off\n');
    const inConfig = client.diagnostics(uri('platlint.config.yaml'));
    const inManifest = client.diagnostics(uri('app.yaml'), (p) => p.diagnostics.some((d) => d.code === 'config/invalid'));
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: uri('platlint.config.yaml'), type: 2 }],
    });
    expect((await inConfig).diagnostics[0]).toMatchObject({
      range: { start: { line: 1, character: 2 } },
      message: expect.stringContaining('unknown rule "no/such-rule"'),
    });
    expect((await inManifest).diagnostics).toHaveLength(1);
    writeFileSync(join(dir, 'platlint.config.yaml'), 'rules: {}\n');
    const healed = client.diagnostics(uri('app.yaml'), (p) => p.diagnostics.some((d) => d.code === 'schema/range'));
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: uri('platlint.config.yaml'), type: 2 }],
    });
    await healed;
  });

  it('says when a file is large, and still lints it', async () => {
    const big = Array.from({ length: 700 }, (_, i) => DEPLOYMENT.replace('name: web', `name: web-${i}`)).join('---\n');
    const published = client.diagnostics(uri('big.yaml'));
    await client.open(uri('big.yaml'), big);
    const { diagnostics } = await published;
    expect(diagnostics.filter((d) => d.code === 'schema/enum')).toHaveLength(1400);
    expect(client.messages.some((m) => m.message.includes('big.yaml has'))).toBe(true);
    await client.change(uri('big.yaml'), 2, [
      { range: { start: { line: 5, character: 12 }, end: { line: 5, character: 13 } }, text: '3' },
    ]);
    const edited = await client.diagnostics(uri('big.yaml'), (p) => p.version === 2);
    expect(edited.diagnostics.filter((d) => d.code === 'schema/enum')).toHaveLength(1400);
  });
});
