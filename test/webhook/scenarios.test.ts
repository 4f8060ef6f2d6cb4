// The scenario table through both doors: `platlint serve` over HTTPS (the test applies the
// returned JSON patch and compares with the expected object) and `platlint test` (the same
// scenarios written as test-case files).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, call, CLI, deploymentRequest, makeCa, patched, REPO_ROOT, review, serve, type Ca } from './helpers.js';
import { SCENARIOS, type Scenario } from './scenarios.js';

const NAMESPACE = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop', labels: { team: 'checkout' } } };

function stateOf(s: Scenario): unknown[] {
  return [...s.policies, ...s.bindings, ...(s.params ?? []), s.namespace ?? NAMESPACE];
}

describe('admission scenarios through platlint serve over HTTPS', () => {
  let ca: Ca;
  let tls: { cert: string; key: string };
  const dirs: string[] = [];
  beforeAll(() => {
    ca = makeCa();
    tls = ca.issue('server');
  });
  afterAll(() => {
    for (const d of [...dirs, ca.dir]) rmSync(d, { recursive: true, force: true });
  });

  it.each(SCENARIOS.map((s) => [s.name, s] as const))('%s', async (_, scenario) => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-scenario-'));
    dirs.push(dir);
    writeFileSync(
      join(dir, 'state.yaml'),
      stateOf(scenario)
        .map((o) => stringify(o))
        .join('---\n'),
    );
    const served = await serve(['--state', dir, '--tls-cert-file', tls.cert, '--tls-private-key-file', tls.key]);
    try {
      const answer = answerOf(
        await call(served.port, '/mutate', { ca: ca.caCert, body: review(deploymentRequest('scenario', scenario.object)) }),
      );
      if (scenario.expect.allowed) {
        expect(answer.status?.message).toBeUndefined();
        expect(answer.allowed).toBe(true);
        expect(patched(scenario.object, answer)).toEqual(scenario.expect.object);
      } else {
        expect(answer.allowed).toBe(false);
        expect(answer.status?.message).toContain(scenario.expect.errorContains);
        if (scenario.expect.says) expect(answer.status?.message).toContain(scenario.expect.says);
      }
    } finally {
      expect(await served.stop()).toBe(0);
    }
  });
});

describe('the same scenarios through platlint test', () => {
  it('passes every scenario written as a test case', () => {
    const dir = mkdtempSync(join(tmpdir(), 'platlint-scenario-cases-'));
    try {
      const cases = SCENARIOS.map((s) => ({
        name: s.name,
        policies: s.policies,
        bindings: s.bindings,
        ...(s.params ? { params: s.params } : {}),
        namespace: s.namespace ?? NAMESPACE,
        request: deploymentRequest('scenario', s.object),
        expect: s.expect.allowed
          ? { allowed: true, object: s.expect.object }
          : { allowed: false, errorContains: s.expect.says ?? s.expect.errorContains },
      }));
      writeFileSync(join(dir, 'scenarios.yaml'), cases.map((c) => stringify(c)).join('---\n'));
      const run = spawnSync(process.execPath, [CLI, 'test', dir, '--format', 'json'], { cwd: REPO_ROOT, encoding: 'utf8' });
      const report = JSON.parse(run.stdout) as { cases: { name: string; passed: boolean; message: string }[]; failed: number };
      expect(report.cases.filter((c) => !c.passed)).toEqual([]);
      expect(report.cases).toHaveLength(SCENARIOS.length);
      expect(run.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
