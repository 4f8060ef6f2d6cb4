// In-process cost of one admission decision, without HTTP or TLS: `admit()` alone, and the
// webhook's whole /mutate path (body bytes -> parse -> admit -> metrics -> response JSON).
// Same state and same 4 KB Deployment review as webhook.bench.mjs.
//
//   node test/bench/admit.bench.mjs [--seconds 3] [--only admit|server]
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { importFromSources } from '../../scripts/bundle-node.mjs';
import { reviewBody } from './review-body.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
// From the sources, as the webhook's bundle is made (the rules import their Markdown docs, which Node cannot).
const server = ['index.ts', 'server/decision-router.ts', 'server/metrics.ts', 'server/review.ts'].map(
  (file) => `packages/admission/src/${file}`,
);
const { admit, loadState, DecisionRouter, Metrics, parseJsonBody, readReview, reviewResponseBody } = await importFromSources(
  server,
  join(root, '.bench/admit-lib.mjs'),
);
const { values } = parseArgs({ options: { seconds: { type: 'string', default: '3' }, only: { type: 'string' } } });
const seconds = Number(values.seconds);

const state = loadState([join(root, 'test/webhook/fixtures/state')]);

const bytes = Buffer.from(reviewBody());
const request = readReview(parseJsonBody(bytes));
const options = { timeoutMs: 2000 };
const metrics = new Metrics();

const first = admit(state, request, options);
if (!first.allowed || first.patch.length === 0)
  throw new Error(`the bench request should be allowed with a patch: ${JSON.stringify(first.status ?? first.patch)}`);

// The server's /mutate work minus sockets, as webhook.ts does it on the main thread: what
// each request costs the event loop.
const router = new DecisionRouter({ admitOptions: options });
function serverPath() {
  const here = router.tryHere('/mutate', bytes, state);
  if (here.route !== 'main' || here.decision.type !== 'answer')
    throw new Error(`the bench request should be decided on the main thread, went ${here.route}`);
  const { answer, request, outcomes } = here.decision;
  for (const [policy, binding, outcome] of outcomes) metrics.policyOutcome(policy, binding, outcome);
  return reviewResponseBody(answer, request.dryRun);
}

// The machine may be shared: the time is split into rounds, and the best and the median
// round are printed (the best is the cost without interference; a wide gap means noise).
// CPU time of the process per operation (user + system, all rounds) resists load better
// than the clock: it is the figure to compare between runs.
function measure(name, fn) {
  // Warm-up: JIT and the engine's caches (compiled policies, matching).
  const warmEnd = performance.now() + 500;
  while (performance.now() < warmEnd) fn();
  const rounds = [];
  let total = 0;
  const cpuStart = process.cpuUsage();
  for (let round = 0; round < 10; round++) {
    let n = 0;
    const start = performance.now();
    const end = start + (seconds * 1000) / 10;
    while (performance.now() < end) {
      for (let i = 0; i < 50; i++) fn();
      n += 50;
    }
    rounds.push(((performance.now() - start) * 1000) / n);
    total += n;
  }
  const cpu = process.cpuUsage(cpuStart);
  const cpuPerOp = (cpu.user + cpu.system) / total;
  rounds.sort((x, y) => x - y);
  const best = rounds[0];
  const median = (rounds[4] + rounds[5]) / 2;
  console.log(
    `  ${name.padEnd(22)} best ${best.toFixed(1).padStart(6)} µs/op (${Math.round(1e6 / best)
      .toString()
      .padStart(6)} ops/s)   median ${median.toFixed(1).padStart(6)} µs/op (${Math.round(1e6 / median)
      .toString()
      .padStart(6)} ops/s)   cpu ${cpuPerOp.toFixed(1).padStart(6)} µs/op   ${total} ops`,
  );
}

console.log(
  `admit bench: ${bytes.length}-byte AdmissionReview, ${first.patch.length} patch operations, ${seconds} s per case, node ${process.version}`,
);
if (values.only !== 'server') measure('admit()', () => admit(state, request, options));
if (values.only !== 'admit') measure('server /mutate path', serverPath);
const mem = process.memoryUsage();
console.log(`  memory: rss ${(mem.rss / 2 ** 20).toFixed(0)} MiB, heap used ${(mem.heapUsed / 2 ** 20).toFixed(0)} MiB`);
