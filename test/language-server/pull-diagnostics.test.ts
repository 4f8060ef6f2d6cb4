// Pull diagnostics (LSP 3.17) as VS Code's client uses them: the built server over stdio, a
// client that declares `textDocument.diagnostic`. Workspace reports of files on disk that no
// editor has open must carry the CLI's findings for the same files. Needs `npm run build`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentDiagnosticReportKind } from 'vscode-languageserver-protocol';
import type {
  DocumentDiagnosticReport,
  FullDocumentDiagnosticReport,
  WorkspaceDocumentDiagnosticReport,
} from 'vscode-languageserver-protocol';
import { SERVER, cliDiagnostics, comparable } from './cli-findings.js';
import { TestClient } from './client.js';

const DEPLOYMENT = [
  'apiVersion: apps/v1',
  'kind: Deployment',
  'metadata:',
  '  name: web',
  'spec:',
  '  replicas: -2',
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
  '',
].join('\n');
const POLICY = [
  'apiVersion: admissionregistration.plat.io/v1',
  'kind: MutatingAdmissionPolicy',
  'metadata:',
  '  name: add-label',
  'spec:',
  '  mutations:',
  '    - patchType: ApplyConfiguration',
  '      applyConfiguration:',
  '        expression: "Object{spec: Object.spec{replicas: 2}}"',
  '',
].join('\n');
const BINDING = (policy: string): string =>
  [
    'apiVersion: admissionregistration.plat.io/v1',
    'kind: MutatingAdmissionPolicyBinding',
    'metadata:',
    '  name: add-label-binding',
    'spec:',
    `  policyName: ${policy}`,
    '',
  ].join('\n');
/** YAML that is not a manifest (a CI workflow): reported with no findings. */
const WORKFLOW = 'on: push\njobs: {}\n';

const FILES = {
  'app.yaml': DEPLOYMENT,
  'policies/policy.yaml': POLICY,
  'policies/binding.yaml': BINDING('add-label'),
  'ci.yml': WORKFLOW,
  '.hidden/skipped.yaml': DEPLOYMENT,
};
const PULL_CAPABILITIES = {
  workspace: { didChangeWatchedFiles: { dynamicRegistration: true }, diagnostics: { refreshSupport: true } },
  textDocument: { diagnostic: { dynamicRegistration: false, relatedDocumentSupport: false } },
};

const full = (reports: readonly WorkspaceDocumentDiagnosticReport[]): Map<string, WorkspaceDocumentDiagnosticReport> =>
  new Map(reports.map((r) => [r.uri, r]));
const itemsOf = (
  report: WorkspaceDocumentDiagnosticReport | DocumentDiagnosticReport | undefined,
): FullDocumentDiagnosticReport['items'] => {
  if (report?.kind !== DocumentDiagnosticReportKind.Full)
    throw new Error(`expected a full report, got ${JSON.stringify(report)}`);
  return report.items;
};

describe('pull diagnostics over stdio', () => {
  let dir: string;
  let client: TestClient;
  const uri = (name: string): string => pathToFileURL(join(dir, name)).href;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'platlint-pull-'));
    for (const [name, text] of Object.entries(FILES)) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    client = await TestClient.start([process.execPath, SERVER, '--stdio'], dir, { capabilities: PULL_CAPABILITIES });
  });

  afterAll(async () => {
    await client?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('declares pull diagnostics, for the workspace too, to a client that pulls', () => {
    expect(client.initialized?.capabilities.diagnosticProvider).toEqual({
      identifier: 'platlint',
      interFileDependencies: true,
      workspaceDiagnostics: true,
    });
  });

  it("reports every YAML file on disk that is not open, with the CLI's findings", async () => {
    const reports = full(await client.workspaceDiagnostics());
    expect([...reports.keys()].sort()).toEqual(
      ['app.yaml', 'ci.yml', 'policies/binding.yaml', 'policies/policy.yaml'].map(uri).sort(),
    );
    const cli = cliDiagnostics(dir, ['.']);
    for (const name of ['app.yaml', 'policies/binding.yaml', 'policies/policy.yaml']) {
      expect(comparable(itemsOf(reports.get(uri(name)))), name).toEqual(cli.get(name));
    }
    // The CLI says it skipped a file that is not a manifest; the editor stays quiet about it.
    expect(cli.get('ci.yml')?.map((d) => d.code)).toEqual(['document/not-manifest']);
    expect(itemsOf(reports.get(uri('ci.yml')))).toEqual([]);
    expect(itemsOf(reports.get(uri('app.yaml'))).map((d) => d.code)).toEqual(
      expect.arrayContaining(['schema/enum', 'schema/range']),
    );
  });

  it('answers `unchanged` for the results the client already holds', async () => {
    const first = await client.workspaceDiagnostics();
    const again = await client.workspaceDiagnostics(first.map((r) => ({ uri: r.uri, value: r.resultId as string })));
    expect(again.map((r) => r.kind)).toEqual(first.map(() => DocumentDiagnosticReportKind.Unchanged));
  });

  it("gives an open document its buffer's findings by textDocument/diagnostic, and leaves it out of the workspace report", async () => {
    const edited = DEPLOYMENT.replace('type: recreate', 'type: Recreate');
    await client.open(uri('app.yaml'), edited);
    const report = (await client.connection.sendRequest('textDocument/diagnostic', {
      textDocument: { uri: uri('app.yaml') },
    })) as DocumentDiagnosticReport;
    writeFileSync(join(dir, 'edited.yaml'), edited);
    expect(comparable(itemsOf(report))).toEqual(cliDiagnostics(dir, ['edited.yaml']).get('edited.yaml'));
    rmSync(join(dir, 'edited.yaml'));
    const reports = full(await client.workspaceDiagnostics());
    expect(reports.has(uri('app.yaml'))).toBe(false);
    // Pulled, not pushed: a client that pulls would otherwise show every problem twice.
    expect(client.latestFor(uri('app.yaml'))).toBeUndefined();
    await client.close(uri('app.yaml'));
  });

  it('reports again what changed on disk: a cross-document finding appears, a deleted file is cleared', async () => {
    const first = await client.workspaceDiagnostics();
    const held = first.map((r) => ({ uri: r.uri, value: r.resultId as string }));
    writeFileSync(join(dir, 'policies/binding.yaml'), BINDING('no-such-policy'));
    rmSync(join(dir, 'ci.yml'));
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [
        { uri: uri('policies/binding.yaml'), type: 2 },
        { uri: uri('ci.yml'), type: 3 },
      ],
    });
    const reports = full(await client.workspaceDiagnostics(held));
    const binding = itemsOf(reports.get(uri('policies/binding.yaml')));
    expect(binding.map((d) => d.code)).toContain('admission/binding-policy-exists');
    expect(comparable(binding)).toEqual(cliDiagnostics(dir, ['.']).get('policies/binding.yaml'));
    expect(itemsOf(reports.get(uri('ci.yml')))).toEqual([]);
    expect(reports.get(uri('app.yaml'))?.kind).toBe(DocumentDiagnosticReportKind.Unchanged);
    expect(client.refreshes).toBeGreaterThan(0);
  });

  it("applies the client's rule settings to workspace files, as the CLI applies --rule", async () => {
    await client.connection.sendNotification('workspace/didChangeConfiguration', {
      settings: { platlint: { rules: { 'schema/range': 'off' } } },
    });
    const reports = full(await client.workspaceDiagnostics());
    const codes = itemsOf(reports.get(uri('app.yaml'))).map((d) => d.code);
    expect(codes).toContain('schema/enum');
    expect(codes).not.toContain('schema/range');
  });
});
