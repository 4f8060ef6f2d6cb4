// Seeded fuzzing of every door (issue 11): the valid examples and the real-world corpus,
// damaged by line and byte mutations with fixed seeds, go through the CLI (one process per
// seed), the language server (over stdio) and the webhook (over HTTPS). Each seed also gives
// the shapes of the hostile-input campaign (issue 23: aliases to no anchor, CR-only and mixed
// line breaks, control characters and workflow commands in keys and values, !!binary and
// !!timestamp tags, nesting past every limit), each on a file of its own. Every answer
// must be a clean one: exit 0 or 1 with JSON that parses, published diagnostics, 200 or a
// 4xx; never a stack trace, never a wait over 20 s. Bounded: a few hundred inputs in all.
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DEEP_NESTING_KIND, HOSTILE_KINDS, HOSTILE_SHAPES, mutate, mutateBytes, random } from '@platlint/core/testing';
import { glob } from 'tinyglobby';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, runCli, tempDir } from '../cli/helpers.js';
import { TestClient } from '../language-server/client.js';
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
} from '../webhook/helpers.js';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const SEEDS = [11, 23, 37];
const PER_SEED = 40;
const ANSWER_LIMIT_MS = 20_000;
const STACK_TRACE = /\n\s+at [^\n]*[(:]\S+:\d+/;

let corpus: string[] = [];

beforeAll(async () => {
  const examples = await glob(['examples/**/*.yaml'], { cwd: ROOT, absolute: true });
  const realworld = await glob(['**/*.yaml'], { cwd: join(ROOT, 'test/corpus/realworld'), absolute: true });
  // Every 15th real file keeps the run short while spanning every project of the corpus.
  corpus = [...examples.sort(), ...realworld.sort().filter((_, i) => i % 15 === 0)].map((f) => readFileSync(f, 'utf8'));
});

afterAll(removeTempDirs);

/** Every hostile shape, each variant once: kinds 6 on of `mutate`. */
const HOSTILE = HOSTILE_KINDS.flatMap((variants, i) => variants.map((_, token) => ({ kind: 6 + i, token })));
/**
 * The hostile shapes of the seed at `index` in SEEDS: all of them but the deep nesting, of
 * which each seed takes one variant in turn (a text nested 20,000 deep takes a second to read).
 */
const hostileOf = (index: number): typeof HOSTILE =>
  HOSTILE.filter((shape) => shape.kind !== DEEP_NESTING_KIND || shape.token === index % HOSTILE_SHAPES.deepNesting.length);

/**
 * The mutated inputs of a seed: line mutations, and for a third of them byte mutations on
 * top; then each hostile shape on a file of its own, with a line mutation for company.
 */
function inputs(seed: number): Buffer[] {
  const next = random(seed);
  const hostileShapes = hostileOf(SEEDS.indexOf(seed));
  const pick = (): string => corpus[Math.floor(next() * corpus.length)] as string;
  const damaged = Array.from({ length: PER_SEED }, () => {
    let text = pick();
    const rounds = 1 + Math.floor(next() * 3);
    for (let r = 0; r < rounds; r++) text = mutate(text, next);
    let bytes: Uint8Array = Buffer.from(text);
    if (next() < 1 / 3) bytes = mutateBytes(bytes, next);
    return Buffer.from(bytes);
  });
  const hostile = hostileShapes.map((shape) => Buffer.from(mutate(mutate(pick(), next, shape), next)));
  return [...damaged, ...hostile];
}

describe('seeded fuzzing of the doors', () => {
  it('the CLI exits 0 or 1 with a JSON report on every damaged file', () => {
    for (const seed of SEEDS) {
      const files = Object.fromEntries(inputs(seed).map((bytes, i) => [`f${i}.yaml`, bytes]));
      const dir = tempDir(files);
      const r = runCli(['lint', '--format', 'json', '--workers', '1', '.'], { cwd: dir, timeout: ANSWER_LIMIT_MS });
      expect(r.signal, `seed ${seed}: killed after ${ANSWER_LIMIT_MS} ms`).toBeNull();
      expect([0, 1], `seed ${seed}: exit ${String(r.status)}; stderr ${r.stderr.slice(0, 2000)}`).toContain(r.status);
      expect(r.stderr).not.toMatch(STACK_TRACE);
      const report = JSON.parse(r.stdout) as { files: { path: string }[] };
      expect(report.files).toHaveLength(PER_SEED + hostileOf(SEEDS.indexOf(seed)).length);
    }
  });

  it('the language server publishes diagnostics for every damaged document and stays up', async () => {
    const dir = tempDir();
    const client = await TestClient.start(
      [process.execPath, join(ROOT, 'packages/language-server/dist/server.mjs'), '--stdio'],
      dir,
    );
    try {
      const texts = inputs(SEEDS[0] as number).map((b) => b.toString('utf8'));
      for (const [i, text] of texts.entries()) {
        const uri = pathToFileURL(join(dir, `f${i}.yaml`)).href;
        const published = client.diagnostics(uri, () => true, ANSWER_LIMIT_MS);
        await client.open(uri, text);
        await published;
      }
      expect(client.child.exitCode).toBeNull();
    } finally {
      await client.stop();
    }
  });

  describe('the webhook', () => {
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

    const clean = async (path: string, body: Buffer | string): Promise<void> => {
      const reply = await call(served.port, path, { ca: ca.caCert, body });
      expect(
        reply.status === 200 || (reply.status >= 400 && reply.status < 500),
        `${path} answered ${reply.status}: ${reply.body.slice(0, 500)}`,
      ).toBe(true);
      expect(reply.body).not.toMatch(STACK_TRACE);
      JSON.parse(reply.body);
    };

    it('answers 200 or a 4xx to damaged reviews and damaged objects', async () => {
      const next = random(SEEDS[1] as number);
      const base = review(deploymentRequest('fuzz'));
      for (let i = 0; i < PER_SEED; i++) {
        // A review damaged byte by byte, sent to both paths.
        let bytes: Uint8Array = Buffer.from(base);
        for (let r = 0; r < 1 + Math.floor(next() * 3); r++) bytes = mutateBytes(bytes, next);
        await clean(i % 2 === 0 ? '/mutate' : '/validate', Buffer.from(bytes));
      }
      // Damaged manifests as the object of a valid review, where they still parse as YAML.
      const { parse } = await import('yaml');
      for (const bytes of inputs(SEEDS[2] as number)) {
        let object: unknown;
        try {
          object = parse(bytes.toString('utf8'));
        } catch {
          continue;
        }
        if (!object || typeof object !== 'object' || Array.isArray(object)) continue;
        await clean('/validate', review(deploymentRequest('fuzz-object', object as Record<string, unknown>)));
        await clean('/mutate', review(deploymentRequest('fuzz-object', object as Record<string, unknown>)));
      }
      // Objects nested past the reader's limit, the API server's (10,000) and far past it, written
      // as JSON text: neither a YAML reader nor JSON.stringify here builds them.
      for (const depth of HOSTILE_SHAPES.deepNesting) {
        const object = deployment();
        const placeholder = review(
          deploymentRequest('fuzz-deep', { ...object, spec: { ...(object.spec as object), deep: 'DEEP' } }),
        );
        const body = placeholder.replace('"DEEP"', `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
        await clean('/validate', body);
        await clean('/mutate', body);
      }
      expect(served.child.exitCode).toBeNull();
      expect(served.logs.filter((e) => e.event === 'unparsed' || e.event === 'http.internal_error')).toEqual([]);
    });
  });
});
