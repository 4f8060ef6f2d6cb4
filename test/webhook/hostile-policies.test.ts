// Lint-clean policies whose mutations would break the webhook or the object, sent requests
// over HTTPS (issue 23): a JSON patch that leaves values of the wrong type, one that copies
// /spec into itself until the heap runs out, and a string.format with a huge precision. Each
// is a failure of its policy, which under failurePolicy Fail denies, and the server answers on.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerOf,
  call,
  deployment,
  deploymentRequest,
  makeCa,
  policyText,
  review,
  serve,
  type Ca,
  type Served,
} from './helpers.js';

/** A Fail policy on Deployment creation that runs only for the Deployment named like it. */
const policy = (name: string, jsonPatch: string, condition = 'true'): string =>
  policyText({
    name,
    expression: jsonPatch,
    patchType: 'JSONPatch',
    failurePolicy: 'Fail',
    moreSpec: `  matchConditions:\n    - name: this-case\n      expression: 'object.metadata.name == "${name}" && ${condition}'\n`,
  });

const WRONG_TYPES: Record<string, [patch: string, message: string]> = {
  'wrong-replicas': ['[JSONPatch{op: "add", path: "/spec/replicas", value: "x"}]', '"spec.replicas" must be an integer, not "x"'],
  'wrong-label': [
    '[JSONPatch{op: "add", path: "/metadata/labels", value: {"x": {"a": 1}}}]',
    '"metadata.labels.x" must be a string, not a mapping',
  ],
  'wrong-image': [
    '[JSONPatch{op: "add", path: "/spec/template/spec/containers/0/image", value: 42}]',
    '"spec.template.spec.containers[0].image" must be a string, not the number 42',
  ],
  'wrong-containers': [
    '[JSONPatch{op: "add", path: "/spec/template/spec/containers", value: "notalist"}]',
    '"spec.template.spec.containers" must be a list, not "notalist"',
  ],
};

// 30 copies of /spec into a child of itself: 2^30 times the object, were it not stopped.
const COPIES = `[${Array.from({ length: 30 }, (_, i) => `JSONPatch{op: "copy", from: "/spec", path: "/spec/template/metadata/labels/x${i}"}`).join(', ')}]`;

const LABEL = '[JSONPatch{op: "add", path: "/metadata/labels/formatted", value: "yes"}]';

describe('platlint serve and policies whose mutations go wrong', () => {
  let ca: Ca;
  let served: Served;
  let state: string;

  beforeAll(async () => {
    ca = makeCa();
    const tls = ca.issue('server');
    state = mkdtempSync(join(tmpdir(), 'platlint-hostile-policies-'));
    for (const [name, [patch]] of Object.entries(WRONG_TYPES)) writeFileSync(join(state, `${name}.yaml`), policy(name, patch));
    writeFileSync(join(state, 'copies.yaml'), policy('copies', COPIES));
    // The precision comes from the request: an annotation of the object, used twice.
    writeFileSync(
      join(state, 'format.yaml'),
      policy(
        'format',
        LABEL,
        '("%." + object.metadata.annotations["precision"] + "f %." + object.metadata.annotations["precision"] + "f").format([1.5, 2.5]).size() > 0',
      ),
    );
    served = await serve(['--state', state, '--tls-cert-file', tls.cert, '--tls-private-key-file', tls.key]);
  });

  afterAll(async () => {
    expect(await served.stop()).toBe(0);
    rmSync(ca.dir, { recursive: true, force: true });
    rmSync(state, { recursive: true, force: true });
  });

  const mutate = async (name: string, annotations?: Record<string, string>) => {
    const object = deployment(annotations ? { annotations } : {});
    object.metadata = { ...(object.metadata as Record<string, unknown>), name };
    return answerOf(
      await call(served.port, '/mutate', { ca: ca.caCert, body: review(deploymentRequest(name, object, { name })) }),
    );
  };

  it('denies a JSON patch that leaves a value of the wrong type, as the server fails decoding the patched object', async () => {
    for (const [name, [, message]] of Object.entries(WRONG_TYPES)) {
      const answer = await mutate(name);
      expect(answer.allowed, name).toBe(false);
      expect(answer.status?.message, name).toBe(`decoding error: ${message}`);
    }
    expect((await call(served.port, '/healthz', { ca: ca.caCert })).status).toBe(200);
  });

  it('denies a JSON patch whose copies would grow the object past 3 MiB, and keeps answering', async () => {
    const answer = await mutate('copies');
    expect(answer.allowed).toBe(false);
    expect(answer.status?.message).toMatch(
      /^policy 'copies' with binding 'copies' denied request: JSON Patch: copy operation at "\/spec\/template\/metadata\/labels\/x\d+" would make the object larger than 3145728 bytes of JSON/,
    );
    expect((await call(served.port, '/healthz', { ca: ca.caCert })).status).toBe(200);
    expect(served.child.exitCode).toBeNull();
  });

  it('denies a string.format whose precision (from the request) is more than the platform printer reads, and charges a long one to the cost budget', async () => {
    const huge = await mutate('format', { precision: '400000000' });
    expect(huge.allowed).toBe(false);
    expect(huge.status?.message).toContain("policy 'format' with binding 'format' denied request: matchCondition 'this-case'");
    expect(huge.status?.message).toContain("precision 400000000 is more than the platform's printer reads (at most 10000009)");
    // Ten million digits twice: read by the printer, and together over the per-expression cost
    // budget. (Two %f clauses: the platform's %.Ne takes N as a width, which its printer keeps
    // below 65,536.)
    const long = await mutate('format', { precision: '10000000' });
    expect(long.allowed).toBe(false);
    expect(long.status?.message).toContain('cost limit exceeded');
    // A small precision formats, and the patch applies.
    const small = await mutate('format', { precision: '3' });
    expect(small.allowed).toBe(true);
    expect(Buffer.from(small.patch ?? '', 'base64').toString('utf8')).toContain('/metadata/labels/formatted');
    expect((await call(served.port, '/healthz', { ca: ca.caCert })).status).toBe(200);
  });
});
