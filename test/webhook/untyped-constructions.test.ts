// Constructions of nested names (`Object.spec.strategy{...}`) compared inside a list, `in` and
// `dyn`, through `platlint serve` over HTTPS. At admission, as upstream, every `Object...` name
// is an untyped object (k8s.io/apiserver/pkg/cel/mutation/dynamic/objects.go): equal to
// another when the names and the fields are. These once failed as the policy ran ("Unsupported
// type: ctor"), and under failurePolicy Fail every matching request was denied.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
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
  stateArgs,
} from './helpers.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

// True when the comparisons come out as upstream's: same names and fields equal, other names not.
const COMPARES =
  'Object.spec.strategy{type: "Recreate"} in [Object.spec.strategy{type: "Recreate"}]' +
  ' && [Object.spec.template{}].exists(t, t == Object.spec.template{})' +
  ' && [dyn(Object.spec.selector{})][0] == Object.spec.selector{}' +
  ' && !(dyn(Object.spec.strategy{}) in [dyn(Object.spec.selector{})])';

it('applies a Fail policy whose expression compares constructions of nested names', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'platlint-untyped-'));
  dirs.push(dir);
  writeFileSync(
    join(dir, 'state.yaml'),
    policyText({
      name: 'compares',
      failurePolicy: 'Fail',
      expression: `${COMPARES} ? Object{spec: Object.spec{replicas: 5}} : Object{spec: Object.spec{replicas: 1}}`,
    }),
  );
  const ca = makeCa();
  dirs.push(ca.dir);
  const server = await serve(stateArgs(ca, dir));
  try {
    const object = deployment();
    const answer = answerOf(await call(server.port, '/mutate', { ca: ca.caCert, body: review(deploymentRequest('u1', object)) }));
    expect(answer.status?.message).toBeUndefined();
    expect(answer.allowed).toBe(true);
    expect((patched(object, answer) as { spec: { replicas: number } }).spec.replicas).toBe(5);
  } finally {
    await server.stop();
  }
});
