// Crafted objects and policies sent to `platlint serve` over HTTPS (issue 11): /validate
// judges the JSON value it was sent, data cannot switch rules off, and keys named like
// Object.prototype members stay ordinary keys in linting and in patches.
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
  serveUntilExit,
  type Ca,
  type Served,
} from './helpers.js';

// A policy of one mutation: a JSON patch, or an apply configuration when asked.
const policy = (name: string, expression: string, patchType: 'JSONPatch' | 'ApplyConfiguration' = 'JSONPatch'): string =>
  policyText({ name, expression, patchType });

describe('platlint serve and crafted objects', () => {
  let ca: Ca;
  let served: Served;
  let state: string;

  beforeAll(async () => {
    ca = makeCa();
    const tls = ca.issue('server');
    state = mkdtempSync(join(tmpdir(), 'platlint-proto-state-'));
    writeFileSync(
      join(state, 'proto.yaml'),
      policy(
        'proto',
        '[JSONPatch{op: "add", path: "/metadata/labels/__proto__", value: "set"}, JSONPatch{op: "add", path: "/metadata/labels/constructor", value: "too"}]',
      ),
    );
    // Map literals in CEL: the base library alone drops these keys from them.
    writeFileSync(
      join(state, 'literal.yaml'),
      policy(
        'literal',
        'Object{metadata: Object.metadata{annotations: {"__proto__": "x", "constructor": "c", "prototype": "p"}}}',
        'ApplyConfiguration',
      ),
    );
    writeFileSync(
      join(state, 'value.yaml'),
      policy(
        'value',
        '[JSONPatch{op: "add", path: "/spec/template/metadata/annotations", value: {"__proto__": "a", "constructor": "b"}}]',
      ),
    );
    served = await serve(['--state', state, '--tls-cert-file', tls.cert, '--tls-private-key-file', tls.key]);
  });

  afterAll(async () => {
    expect(await served.stop()).toBe(0);
    rmSync(ca.dir, { recursive: true, force: true });
    rmSync(state, { recursive: true, force: true });
  });

  const validate = async (object: Record<string, unknown>) =>
    answerOf(await call(served.port, '/validate', { ca: ca.caCert, body: review(deploymentRequest('v', object)) }));

  it('a suppression written into a value does not hide findings', async () => {
    const object = deployment({
      annotations: {
        runbook: 'see the runbook # platlint-disable --',
        notes: 'first line\n# platlint-disable\n# platlint-disable-next-line',
      },
    });
    (object.spec as Record<string, unknown>).replicaz = 3;
    const answer = await validate(object);
    expect(answer.allowed).toBe(false);
    expect(answer.status?.message).toContain('spec.replicaz: unknown field "replicaz"');
  });

  it('strings YAML 1.1 would retype and keys it would merge are judged as sent', async () => {
    const answer = await validate(
      deployment({ annotations: { a: 'yes', b: 'on', c: '0b101', y: '1', yes: '2', n: 'no', '0o17': 'x' } }),
    );
    expect(answer.status?.message).toBeUndefined();
    expect(answer.allowed).toBe(true);
  });

  it('a value of the wrong type is refused even when its text looks right', async () => {
    const object = deployment();
    (object.spec as Record<string, unknown>).replicas = '2';
    const answer = await validate(object);
    expect(answer.allowed).toBe(false);
    expect(answer.status?.message).toContain('spec.replicas: must be an integer');
  });

  it('keys named __proto__ and constructor are unknown fields by their own name', async () => {
    const body = review(deploymentRequest('p', deployment())).replace(
      '"replicas":2',
      '"replicas":2,"__proto__":{"replicas":"x"},"constructor":{"a":1}',
    );
    const answer = answerOf(await call(served.port, '/validate', { ca: ca.caCert, body }));
    expect(answer.allowed).toBe(false);
    expect(answer.status?.message).toContain('spec.__proto__: unknown field "__proto__"');
    expect(answer.status?.message).toContain('spec.constructor: unknown field "constructor"');
    expect(answer.status?.message).not.toContain('spec.replicas');
  });

  it('a JSON patch writing __proto__ and constructor labels patches them as ordinary keys', async () => {
    const answer = answerOf(await call(served.port, '/mutate', { ca: ca.caCert, body: review(deploymentRequest('m')) }));
    expect(answer.allowed).toBe(true);
    const patch = JSON.parse(Buffer.from(answer.patch ?? '', 'base64').toString('utf8')) as {
      op: string;
      path: string;
      value?: unknown;
    }[];
    const labels = patch.filter((op) => op.path.startsWith('/metadata/labels'));
    const written = Object.fromEntries(labels.map((op) => [op.path, op.value]));
    expect(written).toEqual({ '/metadata/labels/__proto__': 'set', '/metadata/labels/constructor': 'too' });
  });

  it('an object member named __proto__ holding an object stays a member when a patch copies its parent', async () => {
    // The patch below /spec/template/metadata copies that object: assigned plainly, the member
    // would become the copy's prototype and vanish, and the answer would remove it.
    const body = review(deploymentRequest('m4')).replace(
      '"template":{"metadata":{"labels":{"app":"web"}}',
      '"template":{"metadata":{"__proto__":{"a":"b"},"labels":{"app":"web"}}',
    );
    expect(body).toContain('"__proto__":{"a":"b"}');
    const answer = answerOf(await call(served.port, '/mutate', { ca: ca.caCert, body }));
    expect(answer.allowed).toBe(true);
    const patch = JSON.parse(Buffer.from(answer.patch ?? '', 'base64').toString('utf8')) as {
      op: string;
      path: string;
      value?: unknown;
    }[];
    const template = patch.filter((op) => op.path.startsWith('/spec/template/metadata'));
    expect(template.map((op) => [op.op, op.path])).toEqual([['add', '/spec/template/metadata/annotations']]);
  });

  it('map literals of an apply configuration and of a JSON patch value keep keys named __proto__, constructor and prototype', async () => {
    const answer = answerOf(await call(served.port, '/mutate', { ca: ca.caCert, body: review(deploymentRequest('m3')) }));
    expect(answer.allowed).toBe(true);
    const patch = JSON.parse(Buffer.from(answer.patch ?? '', 'base64').toString('utf8')) as {
      op: string;
      path: string;
      value?: unknown;
    }[];
    const annotations = patch.filter((op) => op.path.includes('/annotations'));
    expect(annotations.map((op) => [op.op, op.path, Object.entries(op.value as object)])).toEqual([
      [
        'add',
        '/metadata/annotations',
        [
          ['__proto__', 'x'],
          ['constructor', 'c'],
          ['prototype', 'p'],
        ],
      ],
      [
        'add',
        '/spec/template/metadata/annotations',
        [
          ['__proto__', 'a'],
          ['constructor', 'b'],
        ],
      ],
    ]);
  });

  it('an object already holding a __proto__ label is merged without touching prototypes', async () => {
    const body = review(deploymentRequest('m2')).replace('"labels":{"app":"web"}', '"labels":{"app":"web","__proto__":"old"}');
    const answer = answerOf(await call(served.port, '/mutate', { ca: ca.caCert, body }));
    expect(answer.allowed).toBe(true);
    const patch = JSON.parse(Buffer.from(answer.patch ?? '', 'base64').toString('utf8')) as {
      op: string;
      path: string;
      value?: unknown;
    }[];
    const labels = patch.filter((op) => op.path.startsWith('/metadata/labels'));
    expect(Object.fromEntries(labels.map((op) => [op.path, op.value]))).toEqual({
      '/metadata/labels/__proto__': 'set',
      '/metadata/labels/constructor': 'too',
    });
  });
});

describe('platlint serve and deeply nested objects', () => {
  it('refuses a state file nested 2,000 deep at start-up, naming it, and answers /validate and /mutate cleanly for an object nested 100,000 deep', async () => {
    const ca = makeCa();
    const tls = ca.issue('server');
    const state = mkdtempSync(join(tmpdir(), 'platlint-deep-state-'));
    writeFileSync(join(state, 'proto.yaml'), policy('deep', '[JSONPatch{op: "add", path: "/metadata/labels/x", value: "y"}]'));
    // A state file nested 2,000 levels deep is a file the server could never have stored: the
    // state is refused whole (exit 2, naming the file and line), and nothing crashes.
    writeFileSync(join(state, 'deep.yaml'), `${'- '.repeat(2000)}x\n`);
    const refused = await serveUntilExit(['--state', state, '--tls-cert-file', tls.cert, '--tls-private-key-file', tls.key]);
    expect(refused.code).toBe(2);
    expect(refused.logs.find((e) => e.event === 'server.start_failed')?.error).toContain(`${join(state, 'deep.yaml')}:1:`);
    expect(refused.stderr).not.toMatch(/RangeError|Maximum call stack/);
    rmSync(join(state, 'deep.yaml'));
    const served = await serve(['--state', state, '--tls-cert-file', tls.cert, '--tls-private-key-file', tls.key]);
    try {
      expect(
        answerOf(await call(served.port, '/mutate', { ca: ca.caCert, body: review(deploymentRequest('still-served')) })).patch,
      ).toBeDefined();
      const deep = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
      const body = review(deploymentRequest('deep')).replace('"replicas":2', `"replicas":2,"deep":${deep}`);
      for (const path of ['/validate', '/mutate']) {
        const reply = await call(served.port, path, { ca: ca.caCert, body });
        expect(
          reply.status === 200 || (reply.status >= 400 && reply.status < 500),
          `${path}: ${reply.status} ${reply.body.slice(0, 300)}`,
        ).toBe(true);
        if (path === '/validate') expect(answerOf(reply).allowed).toBe(false);
      }
      expect((await call(served.port, '/healthz', { ca: ca.caCert })).status).toBe(200);
    } finally {
      expect(await served.stop()).toBe(0);
      rmSync(ca.dir, { recursive: true, force: true });
      rmSync(state, { recursive: true, force: true });
    }
  });
});
