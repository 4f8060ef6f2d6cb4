// One request per outcome through `platlint serve` over HTTPS, then /metrics: the counters come
// from the engine's structured outcomes, including a failure of the policy itself.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { expect, it } from 'vitest';
import { answerOf, call, deployment, deploymentRequest, makeCa, review, serve, stateArgs } from './helpers.js';

function policy(name: string, spec: Record<string, unknown>): Record<string, unknown>[] {
  return [
    {
      apiVersion: 'admissionregistration.plat.io/v1',
      kind: 'MutatingAdmissionPolicy',
      metadata: { name },
      spec: {
        matchConstraints: {
          objectSelector: { matchLabels: { case: name } },
          resourceRules: [{ apiGroups: ['apps'], apiVersions: ['v1'], operations: ['CREATE'], resources: ['deployments'] }],
        },
        reinvocationPolicy: 'Never',
        mutations: [
          {
            patchType: 'ApplyConfiguration',
            applyConfiguration: { expression: 'Object{metadata: Object.metadata{labels: {"done": "yes"}}}' },
          },
        ],
        ...spec,
      },
    },
    {
      apiVersion: 'admissionregistration.plat.io/v1',
      kind: 'MutatingAdmissionPolicyBinding',
      metadata: { name: `${name}-b` },
      spec: { policyName: name },
    },
  ];
}

const BROKEN = {
  mutations: [
    {
      patchType: 'ApplyConfiguration',
      applyConfiguration: { expression: 'Object{metadata: Object.metadata{labels: {"x": object.spec.nosuchfield}}}' },
    },
  ],
};

it('counts matched, skipped, mutated, denied and ignored outcomes per policy and binding, policy-level failures included', async () => {
  const ca = makeCa();
  const dir = mkdtempSync(join(tmpdir(), 'platlint-outcomes-'));
  const objects = [
    ...policy('mutate', {}),
    ...policy('skip', { matchConditions: [{ name: 'never', expression: 'false' }] }),
    ...policy('fail', { failurePolicy: 'Fail', ...BROKEN }),
    ...policy('ignore', { failurePolicy: 'Ignore', ...BROKEN }),
    // A paramKind no catalog or CRD knows: the policy itself cannot be configured.
    ...policy('unconfigurable', { paramKind: { apiVersion: 'example.com/v1', kind: 'Missing' } }),
  ];
  writeFileSync(join(dir, 'state.yaml'), objects.map((o) => stringify(o)).join('---\n'));
  const served = await serve(stateArgs(ca, dir));
  try {
    const send = async (label: string) => {
      const object = deployment();
      (object.metadata as { labels: Record<string, string> }).labels.case = label;
      return answerOf(await call(served.port, '/mutate', { ca: ca.caCert, body: review(deploymentRequest(label, object)) }));
    };
    expect((await send('mutate')).allowed).toBe(true);
    expect((await send('skip')).allowed).toBe(true);
    expect((await send('fail')).allowed).toBe(false);
    expect((await send('ignore')).allowed).toBe(true);
    const unconfigurable = await send('unconfigurable');
    expect(unconfigurable.allowed).toBe(false);
    expect(unconfigurable.status?.message).toMatch(/^policy "unconfigurable" denied request: failed to configure policy: /);
    const metrics = (await call(served.port, '/metrics', { ca: ca.caCert })).body;
    const series = (policyName: string, binding: string, outcome: string) =>
      `platlint_webhook_policy_outcomes_total{policy="${policyName}",binding="${binding}",outcome="${outcome}"} 1`;
    for (const expected of [
      series('mutate', 'mutate-b', 'matched'),
      series('mutate', 'mutate-b', 'mutated'),
      series('skip', 'skip-b', 'skipped'),
      series('fail', 'fail-b', 'denied'),
      series('ignore', 'ignore-b', 'ignored_error'),
      series('unconfigurable', '', 'denied'),
    ]) {
      expect(metrics).toContain(expected);
    }
    const denial = await served.waitForLog((e) => e.event === 'admission.denied' && e.uid === 'fail');
    expect(denial.failures).toEqual([{ policy: 'fail', binding: 'fail-b', kind: 'expression' }]);
  } finally {
    expect(await served.stop()).toBe(0);
    rmSync(dir, { recursive: true, force: true });
    rmSync(ca.dir, { recursive: true, force: true });
  }
});
