// How `platlint serve` takes its state, as the API server would store it: an object the
// server would refuse stops start-up (exit 2, naming file, line and finding) or, on a
// reload, leaves the last good state serving; advice never drops a policy.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerOf,
  call,
  deployment,
  deploymentRequest,
  makeCa,
  patched,
  policyText,
  review,
  serve,
  serveUntilExit,
  type Ca,
} from './helpers.js';

/** A policy on Deployment creation and update with one apply configuration, and its binding. */
const applyPolicy = (name: string, expression: string, failurePolicy: 'Fail' | 'Ignore' = 'Fail'): string =>
  policyText({ name, expression, operations: 'CREATE, UPDATE', failurePolicy });

const LABEL = 'Object{metadata: Object.metadata{labels: {"team": "payments"}}}';

describe('platlint serve takes what the API server would store', () => {
  let ca: Ca;
  let tls: { cert: string; key: string };
  const dirs: string[] = [];
  const stateDir = (files: Record<string, string>): string => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-state-'));
    dirs.push(dir);
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    return dir;
  };
  const tlsArgs = () => ['--tls-cert-file', tls.cert, '--tls-private-key-file', tls.key];

  beforeAll(() => {
    ca = makeCa();
    tls = ca.issue('server');
  });
  afterAll(() => {
    for (const d of [...dirs, ca.dir]) rmSync(d, { recursive: true, force: true });
  });

  it('exits 2 at start-up when an object would be refused, naming file, line and finding', async () => {
    const dir = stateDir({
      'good.yaml': applyPolicy('good', LABEL),
      'broken.yaml': applyPolicy('broken', 'Object{spec: Object.spec{replicas: }}'),
    });
    const { code, logs } = await serveUntilExit(['--state', dir, ...tlsArgs()]);
    expect(code).toBe(2);
    const failed = logs.find((e) => e.event === 'server.start_failed');
    expect(failed?.error).toContain(`${join(dir, 'broken.yaml')}:13:`);
    expect(failed?.error).toContain('MutatingAdmissionPolicy/broken');
    expect(failed?.error).toContain('(admission/cel)');
    expect(logs.some((e) => e.event === 'server.listening' && logs.some((l) => l.event === 'state.loaded'))).toBe(false);
  });

  it('exits 2 when a --state path does not exist, instead of serving no policies', async () => {
    const missing = join(tmpdir(), 'platlint-no-such-state-dir');
    const { code, logs } = await serveUntilExit(['--state', missing, ...tlsArgs()]);
    expect(code).toBe(2);
    expect(logs.find((e) => e.event === 'server.start_failed')?.error).toMatch(
      new RegExp(`${missing}:1:1: .*cannot read file: ENOENT`),
    );
  });

  it('keeps a Fail policy that only draws advice, and denies with it when it fails; Ignore admits unmutated', async () => {
    // The field is not in the Deployment schema: advice at load (the server stores it), a merge failure at run time.
    const dir = stateDir({ 'a.yaml': applyPolicy('typo', 'Object{spec: Object.spec{replicaz: 3}}') });
    const served = await serve(['--state', dir, ...tlsArgs()]);
    try {
      const advice = await served.waitForLog((e) => e.event === 'state.advice');
      expect(advice).toMatchObject({
        object: 'MutatingAdmissionPolicy/typo',
        findings: [expect.objectContaining({ ruleId: 'admission/cel-schema', line: 13 })],
      });
      const answer = answerOf(await call(served.port, '/mutate', { ca: ca.caCert, body: review(deploymentRequest('typo')) }));
      expect(answer.allowed).toBe(false);
      expect(answer.status?.message).toMatch(/policy 'typo' with binding 'typo' denied request: .*replicaz/);
      expect((await call(served.port, '/metrics', { ca: ca.caCert })).body).toContain('platlint_webhook_state_warnings 1');
    } finally {
      expect(await served.stop()).toBe(0);
    }
    const ignoring = await serve([
      '--state',
      stateDir({ 'a.yaml': applyPolicy('typo', 'Object{spec: Object.spec{replicaz: 3}}', 'Ignore') }),
      ...tlsArgs(),
    ]);
    try {
      const object = deployment();
      const answer = answerOf(
        await call(ignoring.port, '/mutate', { ca: ca.caCert, body: review(deploymentRequest('typo', object)) }),
      );
      expect(answer.allowed).toBe(true);
      expect(patched(object, answer)).toEqual(object);
    } finally {
      expect(await ignoring.stop()).toBe(0);
    }
  });

  it('on a refused reload keeps the last good state, counts it and says so on /readyz', async () => {
    const dir = stateDir({ 'a.yaml': applyPolicy('label', LABEL) });
    const served = await serve(['--state', dir, ...tlsArgs()]);
    try {
      writeFileSync(join(dir, 'b.yaml'), applyPolicy('broken', 'Object{spec: Object.spec{replicas: }}'));
      const rejected = await served.waitForLog((e) => e.event === 'state.reload_rejected');
      expect(rejected).toMatchObject({
        kept: 1,
        problems: [
          expect.objectContaining({
            file: join(dir, 'b.yaml'),
            object: 'MutatingAdmissionPolicy/broken',
            ruleId: 'admission/cel',
          }),
        ],
      });
      const ready = await call(served.port, '/readyz', { ca: ca.caCert });
      expect(ready.status).toBe(200);
      expect(ready.body).toMatch(/generation 1 serving; reload attempt \d+ refused with 1 finding\(s\), first: .*b\.yaml:13:/);
      expect((await call(served.port, '/metrics', { ca: ca.caCert })).body).toContain('platlint_state_reload_failures_total 1');
      const object = deployment();
      const answer = answerOf(
        await call(served.port, '/mutate', { ca: ca.caCert, body: review(deploymentRequest('after', object)) }),
      );
      expect((patched(object, answer) as { metadata: { labels: Record<string, string> } }).metadata.labels.team).toBe('payments');
    } finally {
      expect(await served.stop()).toBe(0);
    }
  });

  it('logs each policy and binding a reload adds or removes by name, counts them on /metrics, and says loudly which emptied file removed them', async () => {
    const dir = stateDir({
      'label.yaml': applyPolicy('label', LABEL),
      'other.yaml': applyPolicy('other', 'Object{metadata: Object.metadata{annotations: {"other": "yes"}}}'),
    });
    const served = await serve(['--state', dir, ...tlsArgs()]);
    try {
      writeFileSync(
        join(dir, 'added.yaml'),
        applyPolicy('added', 'Object{metadata: Object.metadata{annotations: {"added": "yes"}}}'),
      );
      expect(await served.waitForLog((e) => e.event === 'state.policy_added')).toMatchObject({
        level: 'info',
        name: 'added',
        generation: 2,
      });
      expect(await served.waitForLog((e) => e.event === 'state.binding_added')).toMatchObject({
        level: 'info',
        name: 'added',
        generation: 2,
      });
      writeFileSync(join(dir, 'label.yaml'), '');
      const emptied = await served.waitForLog((e) => e.event === 'state.file_emptied');
      expect(emptied).toMatchObject({
        level: 'warn',
        file: join(dir, 'label.yaml'),
        removedPolicies: ['label'],
        removedBindings: ['label'],
        generation: 3,
      });
      const removed = served.logs.filter((e) => e.event.endsWith('_removed')).map((e) => [e.level, e.event, e.name]);
      expect(removed).toEqual([
        ['warn', 'state.policy_removed', 'label'],
        ['warn', 'state.binding_removed', 'label'],
      ]);
      const metrics = (await call(served.port, '/metrics', { ca: ca.caCert })).body;
      for (const object of ['policy', 'binding']) {
        expect(metrics).toContain(`platlint_webhook_state_changes_total{object="${object}",change="added"} 1`);
        expect(metrics).toContain(`platlint_webhook_state_changes_total{object="${object}",change="removed"} 1`);
      }
      // The emptied file's policy is gone from the answers: the change was taken, not refused.
      const object = deployment();
      const answer = answerOf(
        await call(served.port, '/mutate', { ca: ca.caCert, body: review(deploymentRequest('after-empty', object)) }),
      );
      const { metadata } = patched(object, answer) as {
        metadata: { labels: Record<string, string>; annotations: Record<string, string> };
      };
      expect(metadata.labels).toEqual({ app: 'web' });
      expect(metadata.annotations).toEqual({ other: 'yes', added: 'yes' });
    } finally {
      expect(await served.stop()).toBe(0);
    }
  });
});

describe('platlint serve --config', () => {
  it("lints /validate with the configuration's severities, and refuses to start on a broken configuration", async () => {
    const ca = makeCa();
    const tls = ca.issue('server');
    const dir = mkdtempSync(join(tmpdir(), 'platlint-config-'));
    const stateDir = join(dir, 'state');
    try {
      mkdirSync(stateDir);
      writeFileSync(join(stateDir, 'state.yaml'), applyPolicy('label', LABEL));
      writeFileSync(join(dir, 'platlint.config.yaml'), 'rules:\n  schema/range: warning\n');
      const args = ['--state', stateDir, '--tls-cert-file', tls.cert, '--tls-private-key-file', tls.key];
      const bad = deployment();
      (bad.spec as Record<string, unknown>).replicas = -3;
      const served = await serve([...args, '--config', join(dir, 'platlint.config.yaml')]);
      try {
        const answer = answerOf(
          await call(served.port, '/validate', { ca: ca.caCert, body: review(deploymentRequest('configured', bad)) }),
        );
        expect(answer.allowed).toBe(true);
        expect(answer.warnings?.join('\n')).toMatch(/spec\.replicas: .*\(schema\/range\)/);
      } finally {
        expect(await served.stop()).toBe(0);
      }
      writeFileSync(join(dir, 'broken.config.yaml'), 'rules:\n  schema/rnage: warning\n');
      const { code, stderr } = await serveUntilExit([...args, '--config', join(dir, 'broken.config.yaml')]);
      expect(code).toBe(2);
      expect(stderr).toContain('broken.config.yaml:2:');
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(ca.dir, { recursive: true, force: true });
    }
  });
});
