// The server in-process over plain HTTP: routing, status codes, the answers, reloads.
// TLS, the CLI and hostile clients are covered end to end in test/webhook.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { binding, deployment, deploymentRequest, policy } from '../test-support/objects.js';
import { jsonLogger } from './log.js';
import { startWebhook } from '../webhook.js';
import { MAX_BODY_BYTES, type WebhookServer } from './webhook.js';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function call(
  base: string,
  method: string,
  path: string,
  body?: string | Buffer,
  headers: Record<string, string> = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${base}${path}`,
      { method, headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    // A server that answers early (413) may reset the upload; the answer is what counts.
    req.on('error', reject);
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

function review(request: object): string {
  return JSON.stringify({ apiVersion: 'admission.plat.io/v1', kind: 'AdmissionReview', request });
}

/** Polls until `check` passes; the limit is generous, the test never asserts a duration. */
async function eventually(check: () => Promise<boolean> | boolean, limitMs = 20_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const LABEL = policy({
  name: 'label',
  mutations: [{ patchType: 'ApplyConfiguration', expression: 'Object{metadata: Object.metadata{labels: {"team": "payments"}}}' }],
});
const FAILING = policy({
  name: 'failing',
  failurePolicy: 'Ignore',
  mutations: [{ patchType: 'ApplyConfiguration', expression: 'Object{spec: Object.spec{replicas: object.spec.replicas / 0}}' }],
});

describe('webhook server', () => {
  let dir: string;
  let webhook: WebhookServer & { url: string };
  let logs: string[];

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'platlint-webhook-'));
    writeFileSync(
      join(dir, 'policies.yaml'),
      [LABEL, binding('label-binding', 'label'), FAILING, binding('failing-binding', 'failing')]
        .map((o) => stringify(o))
        .join('---\n'),
    );
    logs = [];
    webhook = await startWebhook({
      state: [dir],
      insecure: true,
      port: 0,
      logger: jsonLogger((l) => logs.push(l), 'debug'),
      watch: { debounceMs: 50, pollMs: 200 },
    });
  });

  afterEach(async () => {
    await webhook.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('mutates: echoes the uid, answers a JSONPatch, records outcomes per policy and binding', async () => {
    const reply = await call(webhook.url, 'POST', '/mutate', review(deploymentRequest()));
    expect(reply.status).toBe(200);
    const { response } = JSON.parse(reply.body) as {
      response: { uid: string; allowed: boolean; patchType: string; patch: string; warnings: string[] };
    };
    expect(response).toMatchObject({ uid: 'u1', allowed: true, patchType: 'JSONPatch' });
    expect(JSON.parse(Buffer.from(response.patch, 'base64').toString())).toEqual([
      { op: 'add', path: '/metadata/labels/team', value: 'payments' },
    ]);
    expect(response.warnings).toEqual([expect.stringContaining("policy 'failing' with binding 'failing-binding'")]);
    const metrics = (await call(webhook.url, 'GET', '/metrics')).body;
    expect(metrics).toContain(
      'platlint_webhook_policy_outcomes_total{policy="label",binding="label-binding",outcome="matched"} 1',
    );
    expect(metrics).toContain(
      'platlint_webhook_policy_outcomes_total{policy="failing",binding="failing-binding",outcome="ignored_error"} 1',
    );
    expect(metrics).toContain('platlint_webhook_requests_total{path="/mutate",code="200"} 1');
    expect(logs.some((l) => JSON.parse(l).event === 'http.request')).toBe(true);
  });

  it('leaves out the patch when nothing changed', async () => {
    const pod = {
      ...deploymentRequest(),
      kind: { group: '', version: 'v1', kind: 'ConfigMap' },
      resource: { group: '', version: 'v1', resource: 'configmaps' },
      object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } },
    };
    const { response } = JSON.parse((await call(webhook.url, 'POST', '/mutate', review(pod))).body) as {
      response: Record<string, unknown>;
    };
    expect(response).toEqual({ uid: 'u1', allowed: true });
  });

  it('validates with the linter: denies on error findings with them as the message', async () => {
    const bad = deployment({
      spec: {
        replicas: 'two',
        selector: { matchLabels: { app: 'web' } },
        template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx:1.27' }] } },
      },
    });
    const denied = JSON.parse((await call(webhook.url, 'POST', '/validate', review(deploymentRequest(bad)))).body) as {
      response: { allowed: boolean; status: { code: number; message: string } };
    };
    expect(denied.response.allowed).toBe(false);
    expect(denied.response.status.message).toMatch(/spec\.replicas/);
    const good = JSON.parse((await call(webhook.url, 'POST', '/validate', review(deploymentRequest()))).body) as {
      response: { allowed: boolean };
    };
    expect(good.response.allowed).toBe(true);
  });

  it('answers 400, 404, 405, 413 and 415 with clear messages', async () => {
    const malformed = await call(webhook.url, 'POST', '/mutate', '{"apiVersion": ');
    expect(malformed.status).toBe(400);
    expect(JSON.parse(malformed.body).message).toMatch(
      /not valid JSON: unexpected end of input, expected a value at position 15/,
    );
    const noUid = await call(webhook.url, 'POST', '/mutate', review({ ...deploymentRequest(), uid: undefined }));
    expect(noUid.status).toBe(400);
    expect(JSON.parse(noUid.body).message).toContain('request.uid');
    expect((await call(webhook.url, 'GET', '/nowhere')).status).toBe(404);
    const wrongMethod = await call(webhook.url, 'GET', '/mutate');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.allow).toBe('POST');
    expect(
      (await call(webhook.url, 'POST', '/mutate', review(deploymentRequest()), { 'content-type': 'text/plain' })).status,
    ).toBe(415);
    const huge = await call(webhook.url, 'POST', '/mutate', Buffer.alloc(MAX_BODY_BYTES + 1, 0x20));
    expect(huge.status).toBe(413);
    expect(huge.headers.connection).toBe('close');
  });

  it('reloads the state on change and keeps the last good one on a broken edit', async () => {
    const labelOf = async () => {
      const { response } = JSON.parse((await call(webhook.url, 'POST', '/mutate', review(deploymentRequest()))).body) as {
        response: { patch?: string };
      };
      return response.patch === undefined
        ? undefined
        : (JSON.parse(Buffer.from(response.patch, 'base64').toString()) as { value: unknown }[])[0]?.value;
    };
    expect(await labelOf()).toBe('payments');
    const other = policy({
      name: 'label',
      mutations: [
        { patchType: 'ApplyConfiguration', expression: 'Object{metadata: Object.metadata{labels: {"team": "search"}}}' },
      ],
    });
    writeFileSync(join(dir, 'policies.yaml'), [other, binding('label-binding', 'label')].map((o) => stringify(o)).join('---\n'));
    await eventually(async () => (await labelOf()) === 'search');
    // Broken: a binding without its policyName. The running state must survive it.
    writeFileSync(
      join(dir, 'policies.yaml'),
      [other, { ...binding('label-binding', 'label'), spec: { policyName: 42 } }].map((o) => stringify(o)).join('---\n'),
    );
    await eventually(() => logs.some((l) => JSON.parse(l).event === 'state.reload_rejected'));
    expect(await labelOf()).toBe('search');
    const rejected = JSON.parse(logs.find((l) => JSON.parse(l).event === 'state.reload_rejected') as string);
    expect(rejected.problems[0]).toMatchObject({
      file: join(dir, 'policies.yaml'),
      object: expect.stringContaining('label-binding'),
    });
    expect((await call(webhook.url, 'GET', '/metrics')).body).toContain(
      'platlint_webhook_reloads_total{source="state",result="failure"} 1',
    );
  });

  it('answers /healthz and /readyz once the state loaded', async () => {
    expect((await call(webhook.url, 'GET', '/readyz')).status).toBe(200);
    expect((await call(webhook.url, 'GET', '/healthz')).body).toBe('ok\n');
  });
});
