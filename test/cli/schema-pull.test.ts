// `platlint schema pull --kubeconfig F --out DIR` against a stand-in API server over HTTPS with a
// bearer token (test/webhook/fake-api-server.ts) serving the OpenAPI v3 index and documents of
// test/fixtures/openapi and a list of CustomResourceDefinitions: what it saves is what
// `lint --openapi DIR/openapi --crd DIR/crds` then reads offline. A server that sends the client
// elsewhere, or a proxy's page instead of a document, fails the pull with nothing saved.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeKubeconfig } from '../webhook/cluster-fixture.js';
import { FakeApiServer } from '../webhook/fake-api-server.js';
import { makeCa, type Ca } from '../webhook/helpers.js';
import { lintJson, REPO_ROOT, removeTempDirs, runCli, runCliAsync, tempDir } from './helpers.js';

const OPENAPI = join(REPO_ROOT, 'test/fixtures/openapi');
const fixture = (name: string): unknown => JSON.parse(readFileSync(join(OPENAPI, name), 'utf8'));

let ca: Ca;
let api: FakeApiServer;
let kubeconfig: string;

beforeAll(async () => {
  ca = makeCa();
  api = new FakeApiServer({ tls: ca.issue('api'), token: 'test-token' });
  await api.start();
  kubeconfig = writeKubeconfig(tempDir(), ca, api.url);
});

afterAll(async () => {
  await api.stop();
  rmSync(ca.dir, { recursive: true, force: true });
  removeTempDirs();
});

function serveFixture(): void {
  api.serve('/openapi/v3', fixture('index.json'));
  api.serve('/openapi/v3/api/v1', fixture('api__v1.json'));
  api.serve('/openapi/v3/apis/example.com/v1', fixture('apis__example.com__v1.json'));
  const crd = parse(readFileSync(join(REPO_ROOT, 'test/fixtures/openapi-crd/widget-crd.yaml'), 'utf8')) as Record<
    string,
    Record<string, unknown>
  >;
  const listed = {
    ...crd,
    metadata: { ...crd.metadata, uid: 'f3c9', resourceVersion: '812', managedFields: [{ manager: 'kubectl' }] },
    status: { acceptedNames: { kind: 'Widget' } },
  };
  api.serve('/apis/apiextensions.plat.io/v1/customresourcedefinitions', {
    kind: 'CustomResourceDefinitionList',
    apiVersion: 'apiextensions.plat.io/v1',
    metadata: { resourceVersion: '812' },
    items: [listed],
  });
}

describe('platlint schema pull', () => {
  it('saves the index, every group-version document and the definitions, which lint then reads offline', async () => {
    serveFixture();
    const dir = tempDir();
    const result = await runCliAsync(['schema', 'pull', '--kubeconfig', kubeconfig, '--out', 'schemas'], { cwd: dir });
    expect(result.stderr).toBe(
      'platlint: saved 2 OpenAPI documents (and the index) to schemas/openapi and 1 CustomResourceDefinition to schemas/crds; lint with --openapi schemas/openapi --crd schemas/crds\n',
    );
    expect(result.status).toBe(0);
    expect(readdirSync(join(dir, 'schemas/openapi')).sort()).toEqual([
      'api__v1.json',
      'apis__example.com__v1.json',
      'index.json',
    ]);
    expect(JSON.parse(readFileSync(join(dir, 'schemas/openapi/api__v1.json'), 'utf8'))).toEqual(fixture('api__v1.json'));
    // The documents are asked for by the index's URLs, hash included.
    expect(api.requests).toContain('GET /openapi/v3/api/v1?hash=4F1C0E7B2A9D');
    const saved = parse(readFileSync(join(dir, 'schemas/crds/widgets.example.com.yaml'), 'utf8')) as Record<
      string,
      Record<string, unknown>
    >;
    expect(saved.status).toBeUndefined();
    expect(saved.metadata).toEqual({ name: 'widgets.example.com' });

    writeFileSync(
      join(dir, 'm.yaml'),
      'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {count: 1}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec: {size: huge}\n',
    );
    const { report } = lintJson(['--openapi', 'schemas/openapi', '--crd', 'schemas/crds', 'm.yaml'], { cwd: dir });
    expect(report.files[0]?.diagnostics.map((d) => `${d.ruleId} ${d.path}`)).toEqual([
      'schema/type data.count',
      'schema/required spec.color',
      'schema/enum spec.size',
    ]);
  });

  it('removes what an earlier pull saved and this one does not, and saves no definitions from a server without them', async () => {
    api.serve('/openapi/v3', { paths: { 'api/v1': { serverRelativeURL: '/openapi/v3/api/v1?hash=1' } } });
    api.serve('/openapi/v3/api/v1', fixture('api__v1.json'));
    api.serve('/apis/apiextensions.plat.io/v1/customresourcedefinitions', (res: ServerResponse) => {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404 }));
    });
    const dir = tempDir({ 'out/openapi/apis__gone__v1.json': '{}', 'out/crds/old.yaml': 'x: 1\n', 'out/crds/notes.txt': 'kept' });
    const result = await runCliAsync(['schema', 'pull', '--kubeconfig', kubeconfig, '-o', 'out'], { cwd: dir });
    expect(result.status, result.stderr).toBe(0);
    expect(readdirSync(join(dir, 'out/openapi')).sort()).toEqual(['api__v1.json', 'index.json']);
    expect(readdirSync(join(dir, 'out/crds'))).toEqual(['notes.txt']);
  });

  it('refuses an index that sends it to another server, and a document that is a proxy page, saving nothing', async () => {
    api.serve('/openapi/v3', { paths: { 'api/v1': { serverRelativeURL: 'https://elsewhere.example/openapi/v3/api/v1' } } });
    const dir = tempDir();
    const elsewhere = await runCliAsync(['schema', 'pull', '--kubeconfig', kubeconfig, '--out', 'out'], { cwd: dir });
    expect(elsewhere.status).toBe(2);
    expect(elsewhere.stderr).toBe(
      'platlint: schema pull: the OpenAPI index names "https://elsewhere.example/openapi/v3/api/v1" for api/v1, which is no document of /openapi/v3; nothing was saved\n',
    );
    api.serve('/openapi/v3', { paths: { '../../etc': { serverRelativeURL: '/openapi/v3/api/v1' } } });
    api.serve('/openapi/v3/api/v1', (res: ServerResponse) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<html>login</html>');
    });
    const page = await runCliAsync(['schema', 'pull', '--kubeconfig', kubeconfig, '--out', 'out'], { cwd: dir });
    expect(page.status).toBe(2);
    expect(page.stderr).toBe(
      'platlint: schema pull: the OpenAPI document of ../../etc: the OpenAPI document of ../../etc was answered 200 with content-type "text/html", not JSON (a proxy\'s page?); nothing was saved\n',
    );
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('names a kubeconfig it cannot read, and asks for one when none is given', () => {
    const missing = runCli(['schema', 'pull', '--kubeconfig', '/nonexistent/kubeconfig']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(
      /^platlint: schema pull: cannot read the kubeconfig \/nonexistent\/kubeconfig: .*; nothing was saved\n$/,
    );
    const none = runCli(['schema', 'pull']);
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('platlint: schema pull needs --kubeconfig FILE: the cluster to read');
  });
});
