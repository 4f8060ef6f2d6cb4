// `platlint serve` over HTTPS on custom resources, with the CRD among the state files: a
// policy adding an item to a list-map merges it by key and keeps the others; a policy
// mutating a kind no CRD defines is refused with 503 naming the kind whatever its failure
// policy (upstream mutating/dispatcher.go, dispatchOne), never merged without a schema;
// /validate checks a custom resource against its CRD.
import { mkdirSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customObject, sendCustom, writeCustomState } from './custom-resource-fixture.js';
import { call, makeCa, serve, stateArgs, tempDir, type Ca, type Served } from './helpers.js';

describe('platlint serve: custom resources with the CRD in the state files', () => {
  let ca: Ca;
  let served: Served;
  let state: string;

  beforeAll(async () => {
    ca = makeCa();
    state = tempDir('custom-state');
    mkdirSync(state, { recursive: true });
    writeCustomState(state, true);
    served = await serve(stateArgs(ca, state));
  });

  afterAll(async () => {
    expect(await served.stop()).toBe(0);
    rmSync(ca.dir, { recursive: true, force: true });
    rmSync(state, { recursive: true, force: true });
  });

  it('merges the item a policy adds to a list-map by its key and keeps the others', async () => {
    const { answer, after } = await sendCustom(served.port, ca, customObject('Widget'));
    expect(answer.allowed).toBe(true);
    expect(after.spec.parts).toEqual([
      { id: 'a', size: 1 },
      { id: 'b', size: 2 },
      { id: 'added', size: 3 },
    ]);
    // An item of the same key is merged into, not added twice.
    const again = await sendCustom(served.port, ca, customObject('Widget', [{ id: 'added', size: 1 }, { id: 'z' }]));
    expect(again.after.spec.parts).toEqual([{ id: 'added', size: 3 }, { id: 'z' }]);
  });

  for (const [kind, failurePolicy] of [
    ['Gadget', 'Fail'],
    ['Gizmo', 'Ignore'],
  ] as const) {
    it(`refuses a mutation of ${kind}, which no CRD defines, with 503 naming the kind under failurePolicy ${failurePolicy}`, async () => {
      const { answer } = await sendCustom(served.port, ca, customObject(kind));
      expect(answer.allowed).toBe(false);
      expect(answer.patch).toBeUndefined();
      expect(answer.status?.code).toBe(503);
      expect(answer.status?.message).toContain(`Resource kind example.plat.io/v1, Kind=${kind} not found`);
    });
  }

  it('counts the refusals by kind and as the policy denying the request', async () => {
    const metrics = (await call(served.port, '/metrics', { ca: ca.caCert })).body;
    expect(metrics).toContain('platlint_webhook_unknown_kind_refusals_total{kind="example.plat.io/v1, Kind=Gadget"} 1');
    expect(metrics).toContain('platlint_webhook_unknown_kind_refusals_total{kind="example.plat.io/v1, Kind=Gizmo"} 1');
    expect(metrics).toContain(
      'platlint_webhook_policy_outcomes_total{policy="gizmo-parts",binding="gizmo-parts",outcome="denied"} 1',
    );
    const denial = await served.waitForLog((e) => e.event === 'admission.denied' && e.kind === 'Gadget');
    expect(denial.failures).toEqual([{ policy: 'gadget-parts', binding: 'gadget-parts', kind: 'no-schema' }]);
  });

  it('/validate refuses a custom resource its CRD refuses, and admits a valid one', async () => {
    const invalid = await sendCustom(served.port, ca, customObject('Widget', [{ id: 'a', size: 20 }, { size: 1 }]), '/validate');
    expect(invalid.answer.allowed).toBe(false);
    expect(invalid.answer.status?.code).toBe(422);
    expect(invalid.answer.status?.message).toContain('spec.parts[0].size');
    expect(invalid.answer.status?.message).toContain('spec.parts[1]');
    expect((await sendCustom(served.port, ca, customObject('Widget'), '/validate')).answer.allowed).toBe(true);
  });
});
