// Where one admission decision allocates: the bytes per admit() call, by allocating function
// and its two callers, from V8's sampling heap profiler with the objects the collector freed
// kept in (a decision's allocations are all short-lived, so a profile of live objects shows
// none of them). Same state and 4 KB Deployment review as admit.bench.mjs, called as the
// webhook calls it (handOver: the engine does not copy the parsed object first; the body's
// length bounds the object's size as JSON, so a JSON patch need not measure it).
//
//   node test/bench/admit-alloc.mjs [--calls 20000] [--top 30]
//
// Allocation moves far less than CPU time on a shared machine (two runs agree within a few
// bytes), so it shows a change that saves work per request when CPU figures are lost in the
// noise; in the webhook, whatever a decision allocates also costs the collector and the
// caches that the HTTP and TLS code then finds cold.
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { importFromSources } from '../../scripts/bundle-node.mjs';
import { reviewBody } from './review-body.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values } = parseArgs({
  options: { calls: { type: 'string', default: '20000' }, top: { type: 'string', default: '30' } },
});
const calls = Number(values.calls);
const { admit, jsonBytesAtMost, loadState, parseJsonBody, readReview } = await importFromSources(
  ['index.ts', 'server/review.ts', 'merge/json-patch.ts'].map((file) => `packages/admission/src/${file}`),
  join(root, '.bench/admit-alloc-lib.mjs'),
);

const state = loadState([join(root, 'test/webhook/fixtures/state')]);
const body = Buffer.from(reviewBody());
const request = readReview(parseJsonBody(body));
const options = { timeoutMs: 2000, handOver: true, objectBytesAtMost: jsonBytesAtMost(body.byteLength) };
// Warm-up: compiled policies, the engine's caches and the JIT, none of which a request pays for.
for (let i = 0; i < 30000; i++) admit(state, request, options);

const session = new Session();
session.connect();
await session.post('HeapProfiler.startSampling', {
  samplingInterval: 64,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: true,
});
for (let i = 0; i < calls; i++) admit(state, request, options);
const { profile } = await session.post('HeapProfiler.stopSampling');
session.disconnect();

const bySite = new Map();
let total = 0;
function walk(node, callers) {
  const frame = node.callFrame;
  const name = `${frame.functionName || '(anonymous)'}:${frame.lineNumber + 1}`;
  if (node.selfSize > 0) {
    const site = [name, ...callers.slice(-2).reverse()].join(' < ');
    bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize);
    total += node.selfSize;
  }
  for (const child of node.children) walk(child, [...callers, name]);
}
walk(profile.head, []);

console.log(
  `admit() allocation: ${Math.round(total / calls)} bytes per call (sampled over ${calls} calls), node ${process.version}`,
);
console.log('bytes/call  function < caller < caller (lines of .bench/admit-alloc-lib.mjs)');
for (const [site, bytes] of [...bySite].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top)))
  console.log(`${String(Math.round(bytes / calls)).padStart(10)}  ${site}`);
