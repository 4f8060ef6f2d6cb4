// In-process cost of one admission decision, without HTTP or TLS: `admit()` alone, and the
// webhook's whole /mutate path (body bytes -> parse -> admit -> metrics -> response JSON).
// Same state and same 4 KB Deployment review as webhook.bench.mjs.
//
//   npx tsc -b packages/admission && node test/bench/admit.bench.mjs [--seconds 3] [--only admit|server]
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { admit, loadState } from '../../packages/admission/dist/index.js';
import { Metrics } from '../../packages/admission/dist/server/metrics.js';
import { recordOutcomes } from '../../packages/admission/dist/server/outcomes.js';
import { parseJsonBody, readReview, reviewResponse } from '../../packages/admission/dist/server/review.js';
import { reviewBody } from './review-body.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values } = parseArgs({ options: { seconds: { type: 'string', default: '3' }, only: { type: 'string' } } });
const seconds = Number(values.seconds);

const state = loadState([join(root, 'test/webhook/fixtures/state')]);

const bytes = Buffer.from(reviewBody());
const request = readReview(parseJsonBody(bytes));
const options = { timeoutMs: 2000 };
const metrics = new Metrics();

const first = admit(state, request, options);
if (!first.allowed || first.patch.length === 0) throw new Error(`the bench request should be allowed with a patch: ${JSON.stringify(first.status ?? first.patch)}`);

// The server's /mutate work minus sockets: what each request costs the event loop.
function serverPath() {
  const r = readReview(parseJsonBody(bytes));
  // As the webhook calls it: the parsed request is handed over, not copied.
  const result = admit(state, r, { ...options, handOver: true });
  recordOutcomes(metrics, state, r, result);
  return JSON.stringify(reviewResponse(result, false));
}

// The machine may be shared: the time is split into rounds, and the best and the median
// round are printed (the best is the cost without interference; a wide gap means noise).
function measure(name, fn) {
  // Warm-up: JIT and the engine's caches (compiled policies, matching).
  const warmEnd = performance.now() + 500;
  while (performance.now() < warmEnd) fn();
  const rounds = [];
  let total = 0;
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
  rounds.sort((x, y) => x - y);
  const best = rounds[0];
  const median = (rounds[4] + rounds[5]) / 2;
  console.log(`  ${name.padEnd(22)} best ${best.toFixed(1).padStart(6)} µs/op (${Math.round(1e6 / best).toString().padStart(6)} ops/s)   median ${median.toFixed(1).padStart(6)} µs/op (${Math.round(1e6 / median).toString().padStart(6)} ops/s)   ${total} ops`);
}

console.log(`admit bench: ${bytes.length}-byte AdmissionReview, ${first.patch.length} patch operations, ${seconds} s per case, node ${process.version}`);
if (values.only !== 'server') measure('admit()', () => admit(state, request, options));
if (values.only !== 'admit') measure('server /mutate path', serverPath);
const mem = process.memoryUsage();
console.log(`  memory: rss ${(mem.rss / 2 ** 20).toFixed(0)} MiB, heap used ${(mem.heapUsed / 2 ** 20).toFixed(0)} MiB`);
