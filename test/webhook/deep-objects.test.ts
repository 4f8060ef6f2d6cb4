// Objects nested deeper than the API server decodes (issue 23, item 18c). The API server refuses
// JSON nested past 10,000 levels (k8s.io/apimachinery pkg/util/json, sigs.k8s.io/json's
// encoding/json scanner: maxNestingDepth), so no review it sends carries one; /mutate denies one
// at once naming that limit, instead of a worker stopped after seconds of CEL typing a nested map
// level by level.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  deployment,
  deploymentRequest,
  makeCa,
  review,
  serve,
  stateArgs,
  stateCopy,
  type Ca,
  type Served,
} from './helpers.js';

/** A review of a Deployment whose spec holds a value `depth` levels deep, itself included (written as text: JSON.stringify would overflow). */
function deepReview(depth: number, field: 'object' | 'oldObject' = 'object'): string {
  const object = deployment();
  const deep = { ...object, spec: { ...(object.spec as object), deep: 'DEEP' } };
  const request =
    field === 'object'
      ? deploymentRequest('deep', deep)
      : deploymentRequest('deep', object, { operation: 'UPDATE', oldObject: deep });
  // The Deployment and its spec are two levels; `deep` and what it holds are the rest.
  return review(request).replaceAll('"DEEP"', `${'{"a":'.repeat(depth - 2)}1${'}'.repeat(depth - 2)}`);
}

describe('objects nested deeper than the API server decodes', () => {
  let ca: Ca;
  let served: Served;
  let state: string;

  beforeAll(async () => {
    ca = makeCa();
    state = stateCopy();
    served = await serve(stateArgs(ca, state));
  });

  afterAll(async () => {
    expect(await served.stop()).toBe(0);
    rmSync(ca.dir, { recursive: true, force: true });
    rmSync(state, { recursive: true, force: true });
  });

  it.each([
    ['object', 10_001],
    ['object', 20_000],
    ['oldObject', 10_001],
  ] as const)(
    'request.%s %i levels deep is denied by /mutate naming the limit, its policies not run; /validate answers',
    async (field, depth) => {
      const mutated = await call(served.port, '/mutate', { ca: ca.caCert, body: deepReview(depth, field) });
      expect(mutated.status, mutated.body.slice(0, 300)).toBe(200);
      expect(JSON.parse(mutated.body)).toEqual({
        apiVersion: 'admission.plat.io/v1',
        kind: 'AdmissionReview',
        response: {
          uid: 'deep',
          allowed: false,
          status: {
            status: 'Failure',
            code: 400,
            reason: 'BadRequest',
            message: `request.${field} is nested more than 10000 levels deep; the API server refuses JSON nested that deep, so it never sends such an object`,
          },
        },
      });
      const validated = await call(served.port, '/validate', { ca: ca.caCert, body: deepReview(depth, field) });
      expect(validated.status, validated.body.slice(0, 300)).toBe(200);
      // /validate lints the object (refused past its own limit of 256 levels); an UPDATE's old object is only read by rules.
      if (field === 'object')
        expect(JSON.parse(validated.body)).toMatchObject({
          response: { allowed: false, status: { message: expect.stringContaining('nested more than 256 levels deep') } },
        });
      expect(served.child.exitCode).toBeNull();
    },
  );

  it('decides an object exactly at the limit: mutated as any other, refused by validation for its nesting', async () => {
    const mutated = await call(served.port, '/mutate', { ca: ca.caCert, body: deepReview(10_000) });
    expect(mutated.status, mutated.body.slice(0, 300)).toBe(200);
    expect(JSON.parse(mutated.body)).toMatchObject({ response: { allowed: true } });
    const validated = await call(served.port, '/validate', { ca: ca.caCert, body: deepReview(10_000) });
    expect(validated.status, validated.body.slice(0, 300)).toBe(200);
    expect(JSON.parse(validated.body)).toMatchObject({
      response: { allowed: false, status: { message: expect.stringContaining('nested more than 256 levels deep') } },
    });
    expect(served.logs.filter((e) => e.event === 'http.internal_error')).toEqual([]);
  });
});
