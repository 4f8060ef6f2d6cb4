// Throughput and latency of `platlint serve` (/mutate, over TLS) against a bare node:https
// server that parses the same body and returns a fixed response, in the same run, with the
// same load tool (wrk) pinned to another core than the server.
//
//   node test/bench/webhook.bench.mjs [--duration 10] [--connections 16,64] [--server-cpu 0] [--load-cpu 1]
//                                     [--warmup-requests 20000] [--rounds 3] [--profile DIR] [--against CLI]
//                                     [--node-flags "FLAGS"]
//
// Rounds: every server runs for the whole bench, and each round measures each of them once,
// in turn; the figures are the medians of the rounds. On a machine others share, the load
// moves a server's CPU per request by a third from one run to the next (90-126 µs for the
// bare server in three runs a minute apart, load average 6): measured one after the other,
// once each, the two servers met different loads and their ratio said as much about the
// neighbours as about platlint. Alternating puts both under the same conditions.
//
// The reference server beside the bare one: the bare server's HTTP handling with platlint's
// decision called in process (the main thread's path of the webhook: DecisionRouter.tryHere,
// then reviewResponseBody, from the sources). platlint against it is the net cost of the
// webhook's own HTTP layer (routing, body reading, metrics, logging, less what deciding the
// requests read together saves: server/decision-batch.ts, which the reference does not do,
// so the figure can be below zero); the reference against the bare server is the
// cost of deciding, including what the decision's work does to the caches the TLS and HTTP
// code then finds cold.
//
// Warm-up: each server answers --warmup-requests requests of each body before it is measured,
// however long that takes. V8 optimises a function after enough calls, not after a time, and
// platlint has far more code on a request's path than the bare server: after a warm-up of a
// fixed 2 s on a loaded machine (~1,000 requests) its CPU per request kept falling for tens of
// seconds (939, 357, 297, 340, 184, 149 µs in six 4-s runs in a row, load average 10), so the
// measured figure was mostly its JIT warming up, which the bare server finishes in a fraction
// of a second. A count is the same for both servers and for a quiet or a busy machine.
//
// --against CLI: a second platlint, from another build's bundle (main's, say), measured on the
// mutating request in the same rounds, so a change is compared with its base under the same
// load rather than in two runs minutes apart (see Rounds).
//
// --node-flags "FLAGS": node's command-line flags for platlint's server only (not --against's),
// e.g. --node-flags=--max-semi-space-size=64: V8 settings that only node's command line (or
// NODE_OPTIONS) can give, which a deployment can set and platlint cannot, measured against
// the same build without them (--against packages/cli/dist/platlint.mjs) in the same rounds.
//
// --profile DIR: platlint runs under `node --cpu-prof`, writing one .cpuprofile per thread
// into DIR when it stops (open it in Chrome's DevTools, or summarise it with
// test/bench/profile-summary.mjs); the CPU figures of that run include the profiler's cost.
//
// State: test/webhook/fixtures/state (10 policies). Two requests, each a 4 KB AdmissionReview:
// a Deployment, which 3 policies mutate (a label and a sidecar by apply configuration, an
// owner annotation by JSON patch), and the same object as a ReplicaSet, which no policy
// matches. Besides requests/s and p99, each run reports the server's CPU time per request
// (user + system, from /proc, all its threads): on a machine others share, that figure and
// its ratio to the bare server's move far less than requests/s do. Needs wrk
// (`apt-get install -y wrk`), openssl, taskset and /usr/bin/time, and the built CLI
// (`npm run build`), or PLATLINT_WEBHOOK_CLI pointing to a bundle.
// Stalls: each run also says how long the server's main thread waited for its core (another
// process, or the server's own helper threads, had it) and which garbage collections it
// paused for (every server runs with --trace-gc, into a file): a p99 moves 2-5x between runs
// on a shared machine, and these say why (test/bench/server-stalls.mjs).
// Target (issue 14, item 6): at least 0.6x the bare server's requests/s, p99 under 5 ms at 16 connections.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { importFromSources } from '../../scripts/bundle-node.mjs';
import { reviewBody } from './review-body.mjs';
import { GcLog, runQueueWaitMs, summarizeGc } from './server-stalls.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16,64' },
    'server-cpu': { type: 'string', default: '0' },
    'load-cpu': { type: 'string', default: '1' },
    'warmup-requests': { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '3' },
    profile: { type: 'string' },
    against: { type: 'string' },
    'node-flags': { type: 'string', default: '' },
  },
});
const cli = process.env.PLATLINT_WEBHOOK_CLI ?? join(root, 'packages/cli/dist/platlint.mjs');

function have(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}
const missing = ['wrk', 'openssl', 'taskset'].filter((c) => !have(c));
if (!existsSync('/usr/bin/time')) missing.push('/usr/bin/time (package "time")');
if (missing.length > 0) {
  console.error(
    `webhook bench: missing ${missing.join(', ')}. On Debian: apt-get update && apt-get install -y ${missing.map((m) => (m.startsWith('/usr/bin/time') ? 'time' : m === 'taskset' ? 'util-linux' : m)).join(' ')}`,
  );
  process.exit(1);
}
for (const bundle of [cli, values.against].filter((b) => b !== undefined)) {
  if (existsSync(bundle)) continue;
  console.error(`webhook bench: ${bundle} does not exist; run \`npm run build\` first.`);
  process.exit(1);
}

const dir = mkdtempSync(join(tmpdir(), 'platlint-webhook-bench-'));
const openssl = (args) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
openssl([
  'req',
  '-x509',
  '-newkey',
  'ec',
  '-pkeyopt',
  'ec_paramgen_curve:prime256v1',
  '-nodes',
  '-keyout',
  'ca.key',
  '-out',
  'ca.crt',
  '-days',
  '1',
  '-subj',
  '/CN=bench CA',
]);
writeFileSync(join(dir, 'san.ext'), 'subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\n');
openssl([
  'req',
  '-newkey',
  'ec',
  '-pkeyopt',
  'ec_paramgen_curve:prime256v1',
  '-nodes',
  '-keyout',
  'tls.key',
  '-out',
  'tls.csr',
  '-subj',
  '/CN=127.0.0.1',
]);
openssl([
  'x509',
  '-req',
  '-in',
  'tls.csr',
  '-CA',
  'ca.crt',
  '-CAkey',
  'ca.key',
  '-CAcreateserial',
  '-out',
  'tls.crt',
  '-days',
  '1',
  '-extfile',
  'san.ext',
]);

const body = reviewBody();
/** The same review as a ReplicaSet: no policy of the state matches it. */
function unmatchedBody() {
  const review = JSON.parse(body);
  review.request.kind.kind = 'ReplicaSet';
  review.request.resource.resource = 'replicasets';
  review.request.object.kind = 'ReplicaSet';
  return JSON.stringify(review);
}
const bodies = { matched: body, unmatched: unmatchedBody() };
for (const [name, text] of Object.entries(bodies)) {
  writeFileSync(join(dir, `${name}.json`), text);
  writeFileSync(
    join(dir, `${name}.lua`),
    `local f = assert(io.open(${JSON.stringify(join(dir, `${name}.json`))}, "rb"))
wrk.method = "POST"
wrk.body = f:read("*a")
f:close()
wrk.headers["Content-Type"] = "application/json"
`,
  );
}

// The bare server: TLS, reads and parses the body, answers a fixed allowed review.
writeFileSync(
  join(dir, 'bare.mjs'),
  `import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
const fixed = JSON.stringify({ apiVersion: 'admission.plat.io/v1', kind: 'AdmissionReview', response: { uid: '705ab4f5-6393-11e8-b7cc-42010a800002', allowed: true } });
const server = createServer({ cert: readFileSync(${JSON.stringify(join(dir, 'tls.crt'))}), key: readFileSync(${JSON.stringify(join(dir, 'tls.key'))}) }, (req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    JSON.parse(Buffer.concat(chunks).toString('utf8'));
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(fixed) });
    res.end(fixed);
  });
});
server.listen(0, '127.0.0.1', () => process.stderr.write(JSON.stringify({ event: 'server.listening', port: server.address().port }) + '\\n'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`,
);

// The reference server: the bare one, deciding as the webhook's main thread does (see the head).
const state = join(root, 'test/webhook/fixtures/state');
const decisionLib = join(root, '.bench/webhook-decision-lib.mjs');
await importFromSources(
  ['server/decision-router.ts', 'server/review.ts', 'state/load.ts'].map((file) => `packages/admission/src/${file}`),
  decisionLib,
);
writeFileSync(
  join(dir, 'bare-decide.mjs'),
  `import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import { DecisionRouter, loadState, reviewResponseBody } from ${JSON.stringify(decisionLib)};
const state = loadState([${JSON.stringify(state)}]);
// The webhook's defaults: an evaluation timeout of 2 s (platlint serve --evaluation-timeout).
const router = new DecisionRouter({ admitOptions: { timeoutMs: 2000 } });
const server = createServer({ cert: readFileSync(${JSON.stringify(join(dir, 'tls.crt'))}), key: readFileSync(${JSON.stringify(join(dir, 'tls.key'))}) }, (req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const here = router.tryHere('/mutate', Buffer.concat(chunks), state);
    // Anything but a decision on this thread would not be the path measured: wrk counts the 500s.
    const answered = here.route === 'main' && here.decision.type === 'answer';
    const body = answered ? reviewResponseBody(here.decision.answer, here.decision.request.dryRun) : here.route;
    res.writeHead(answered ? 200 : 500, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () => process.stderr.write(JSON.stringify({ event: 'server.listening', port: server.address().port }) + '\\n'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`,
);

/** User + system CPU seconds of a process, all threads (fields 14 and 15 of /proc/PID/stat, in clock ticks). */
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
function cpuSeconds(pid, task) {
  const stat = readFileSync(task === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${task}/stat`, 'utf8');
  // After the command name (which may hold spaces), field 3 is index 0: utime is field 14, stime field 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

function start(name, args) {
  const gcLogPath = join(dir, `${name}.gc.log`);
  const gcLog = openSync(gcLogPath, 'w');
  const child = spawn(
    'taskset',
    ['-c', values['server-cpu'], '/usr/bin/time', '-f', 'PEAK_RSS_KB %M', process.execPath, '--trace-gc', ...args],
    // V8 writes its GC lines to standard output: a file, which cannot fill up as a pipe can.
    { stdio: ['ignore', gcLog, 'pipe'] },
  );
  closeSync(gcLog);
  let stderr = '';
  child.stderr.setEncoding('utf8');
  const ready = new Promise((resolve, reject) => {
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      const port = /"event":"server.listening".*?"port":(\d+)/.exec(stderr);
      // platlint is ready once its state has loaded; the others at once (the reference loads it before listening).
      if (port && (!['platlint', 'against'].includes(name) || stderr.includes('"event":"state.loaded"')))
        resolve(Number(port[1]));
    });
    child.on('exit', (code) => reject(new Error(`${name} exited ${code}: ${stderr}`)));
  });
  // Node itself is the grandchild: taskset execs time, which forks node.
  const nodePid = () =>
    Number(
      execFileSync('pgrep', ['-P', String(child.pid)], { encoding: 'utf8' })
        .trim()
        .split('\n')[0],
    );
  const peak = () => Number(/PEAK_RSS_KB (\d+)/.exec(stderr)?.[1] ?? NaN);
  const stop = () =>
    new Promise((resolve) => {
      // A server that failed to start has exited already.
      if (child.exitCode !== null) return resolve(peak());
      // 'close', not 'exit': time's line on standard error may arrive after the exit.
      child.on('close', () => resolve(peak()));
      process.kill(nodePid(), 'SIGTERM');
    });
  return { ready, stop, nodePid, gcLog: new GcLog(gcLogPath) };
}

function check(port, path, body) {
  return new Promise((resolve, reject) => {
    // A connection of its own: a pooled one may have been closed by the server's keep-alive timeout.
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent: false,
        ca: readFileSync(join(dir, 'ca.crt')),
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function wrk(url, connections, seconds, bodyName, pid, gcLog) {
  gcLog?.next(); // what came before this run
  const waitBefore = runQueueWaitMs(pid);
  const started = performance.now();
  const cpuBefore = cpuSeconds(pid);
  // The main thread's own share (its task id is the process id); the rest is V8's helper
  // threads (optimising compiler, garbage collector), libuv's pool and the admission workers.
  const mainBefore = cpuSeconds(pid, pid);
  const out = execFileSync(
    'taskset',
    [
      '-c',
      values['load-cpu'],
      'wrk',
      '-t1',
      `-c${connections}`,
      `-d${seconds}s`,
      '--latency',
      '-s',
      join(dir, `${bodyName}.lua`),
      url,
    ],
    { encoding: 'utf8' },
  );
  const cpu = cpuSeconds(pid) - cpuBefore;
  const mainCpu = cpuSeconds(pid, pid) - mainBefore;
  const waitShare = (runQueueWaitMs(pid) - waitBefore) / (performance.now() - started);
  const gc = gcLog ? summarizeGc(gcLog.next()) : undefined;
  const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
  const cpuUsPerRequest = (cpu * 1e6) / requests;
  const otherThreadsShare = cpu > 0 ? (cpu - mainCpu) / cpu : 0;
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const p99 = /^\s+99%\s+([\d.]+)(us|ms|s)\s*$/m.exec(out);
  const p99ms = p99 ? Number(p99[1]) * { us: 0.001, ms: 1, s: 1000 }[p99[2]] : NaN;
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? '0';
  const socketErrors = /Socket errors: (.*)/.exec(out)?.[1];
  return {
    requests,
    rps,
    p99ms,
    cpuUsPerRequest,
    otherThreadsShare,
    waitShare,
    gc,
    errors: Number(errors),
    socketErrors,
    raw: out,
  };
}

/** Load until the server has answered `count` requests (in runs of 2 s, wrk's finest control), at most a minute. */
function warmUp(url, connections, count, bodyName, pid) {
  let answered = 0;
  for (let run = 0; answered < count && run < 30; run++) {
    const r = wrk(url, connections, 2, bodyName, pid);
    answered += r.requests;
  }
}

const duration = Number(values.duration);
const warmupRequests = Number(values['warmup-requests']);
const rounds = Math.max(1, Number(values.rounds));
const connections = values.connections.split(',').map(Number);
const REFERENCE = 'bare + platlint decision in process';
const MUTATING = 'platlint (3 of 10 policies mutate)';
const AGAINST = '--against (3 of 10 policies mutate)';
/** The command line of `platlint serve` from a bundle, under the profiler when `profile` names a directory, with `nodeFlags` given to node. */
function serveArgs(bundle, profile, nodeFlags = []) {
  return [
    ...nodeFlags,
    ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []),
    bundle,
    'serve',
    '--port',
    '0',
    '--state',
    state,
    '--tls-cert-file',
    join(dir, 'tls.crt'),
    '--tls-private-key-file',
    join(dir, 'tls.key'),
  ];
}
// Each server, the requests it answers (by body name), the path they go to.
const targets = [
  { name: 'bare', path: '/', args: [join(dir, 'bare.mjs')], runs: [['bare', 'matched']] },
  { name: 'reference', path: '/', args: [join(dir, 'bare-decide.mjs')], runs: [[REFERENCE, 'matched']] },
  {
    name: 'platlint',
    path: '/mutate',
    args: serveArgs(cli, values.profile, values['node-flags'].split(/\s+/).filter(Boolean)),
    runs: [
      [MUTATING, 'matched'],
      ['platlint (no policy matches)', 'unmatched'],
    ],
  },
  ...(values.against
    ? [{ name: 'against', path: '/mutate', args: serveArgs(values.against), runs: [[AGAINST, 'matched']] }]
    : []),
];
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
console.log(
  `webhook bench: ${Buffer.byteLength(body)}-byte AdmissionReview, ${warmupRequests} requests of warm-up, ${rounds} rounds of ${duration} s per run, wrk on cpu ${values['load-cpu']}, servers on cpu ${values['server-cpu']}, node ${process.version}${values['node-flags'] ? `, platlint's server with node flags ${values['node-flags']}` : ''}, load average ${load()}`,
);

/** What held the main thread during a run besides its requests (see the head). */
function stalls({ waitShare, gc }) {
  const wait = Number.isNaN(waitShare)
    ? 'run-queue wait unknown'
    : `main thread waited for its core ${(waitShare * 100).toFixed(1)}% of the run`;
  if (!gc) return wait;
  const full = gc.markCompacts
    ? `${gc.markCompacts} Mark-Compact (longest pause ${gc.longestMarkCompactMs.toFixed(1)} ms)`
    : 'no Mark-Compact';
  return `${wait}; GC: ${gc.scavenges} scavenges (longest ${gc.longestScavengeMs.toFixed(1)} ms), ${full}`;
}

const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
/** Each label's runs per connection count, over the rounds. */
const samples = {};
const peakKb = {};
const servers = [];
try {
  // All servers run for the whole bench (an idle one costs nothing), so the rounds can alternate.
  for (const t of targets) {
    const server = start(t.name, t.args);
    servers.push({ t, server });
    const port = await server.ready;
    Object.assign(servers.at(-1), {
      port,
      pid: server.nodePid(),
      url: `https://127.0.0.1:${port}${t.path}`,
      gcLog: server.gcLog,
    });
  }
  for (const { t, port, pid, url } of servers) {
    for (const [label, bodyName] of t.runs) {
      const sample = await check(port, t.path, bodies[bodyName]);
      if (sample.status !== 200) throw new Error(`${label} answered ${sample.status}: ${sample.text}`);
      if (t.name !== 'bare' && bodyName === 'matched' && !sample.text.includes('"patchType":"JSONPatch"'))
        throw new Error(`${label} did not mutate: ${sample.text}`);
      if (bodyName === 'unmatched' && sample.text.includes('"patch"'))
        throw new Error(`${label} mutated a request no policy matches: ${sample.text}`);
      warmUp(url, connections[0], warmupRequests, bodyName, pid); // JIT, caches, TLS sessions
      samples[label] = Object.fromEntries(connections.map((c) => [c, []]));
    }
  }
  for (let round = 1; round <= rounds; round++) {
    for (const { t, pid, url, gcLog } of servers) {
      for (const [label, bodyName] of t.runs) {
        for (const c of connections) {
          const r = wrk(url, c, duration, bodyName, pid, gcLog);
          if (r.errors > 0 || r.socketErrors)
            console.log(`  ${label} c=${c}: ${r.errors} non-2xx, socket errors: ${r.socketErrors ?? 'none'}`);
          samples[label][c].push(r);
          console.log(
            `  round ${round}  ${label.padEnd(36)} c=${String(c).padEnd(3)} ${r.rps.toFixed(0).padStart(7)} req/s   p99 ${r.p99ms.toFixed(2).padStart(6)} ms   ${r.cpuUsPerRequest.toFixed(0).padStart(4)} µs CPU/request (${(r.otherThreadsShare * 100).toFixed(0)}% off the main thread)   load ${load()}`,
          );
          console.log(`           ${stalls(r)}`);
        }
      }
    }
  }
} finally {
  for (const { t, server } of servers) peakKb[t.name] = await server.stop().catch(() => NaN);
  rmSync(dir, { recursive: true, force: true });
}
/** Medians over the rounds, each figure on its own. */
const results = Object.fromEntries(
  Object.entries(samples).map(([label, byConnections]) => [
    label,
    Object.fromEntries(
      Object.entries(byConnections).map(([c, runs]) => [
        c,
        {
          rps: median(runs.map((r) => r.rps)),
          p99ms: median(runs.map((r) => r.p99ms)),
          cpuUsPerRequest: median(runs.map((r) => r.cpuUsPerRequest)),
        },
      ]),
    ),
  ]),
);
const bare = results.bare;
console.log(
  `\n(medians of ${rounds} rounds; ratios against the bare server: requests/s, and CPU per request as bare/server, which noise on a shared machine moves less; load average now ${load()})`,
);
console.log('request                              conns     req/s  ratio  p99 ms  CPU µs/req  CPU ratio');
for (const [label, byConnections] of Object.entries(results)) {
  for (const c of connections) {
    const r = byConnections[c];
    const b = bare[c];
    console.log(
      `${label.padEnd(36)} ${String(c).padStart(5)}  ${r.rps.toFixed(0).padStart(8)}  ${(r.rps / b.rps).toFixed(2).padStart(5)}  ${r.p99ms.toFixed(2).padStart(6)}  ${r.cpuUsPerRequest.toFixed(0).padStart(10)}  ${(b.cpuUsPerRequest / r.cpuUsPerRequest).toFixed(2).padStart(9)}`,
    );
  }
}
// The p99 of a run moves with what held the main thread (see the head), so each server's
// runs are shown by the stalls they met.
for (const [label, byConnections] of Object.entries(samples)) {
  for (const c of connections) {
    const runs = byConnections[c];
    const withFull = runs.filter((r) => r.gc?.markCompacts);
    const without = runs.filter((r) => !r.gc?.markCompacts);
    const p99s = (rs) => (rs.length ? `${median(rs.map((r) => r.p99ms)).toFixed(2)} ms` : '-');
    console.log(
      `stalls ${label.padEnd(36)} c=${String(c).padEnd(3)} main thread waited for its core ${(median(runs.map((r) => r.waitShare)) * 100).toFixed(1)}% (median); Mark-Compact in ${withFull.length} of ${runs.length} runs; median p99 of runs with one ${p99s(withFull)}, without ${p99s(without)}`,
    );
  }
}
const mutating = results[MUTATING];
const reference = results[REFERENCE];
for (const c of connections) {
  const http = mutating[c].cpuUsPerRequest - reference[c].cpuUsPerRequest;
  const deciding = reference[c].cpuUsPerRequest - bare[c].cpuUsPerRequest;
  console.log(
    `c=${c}: of platlint's ${mutating[c].cpuUsPerRequest.toFixed(0)} µs CPU/request (mutating), ${deciding.toFixed(0)} µs are the decision (reference - bare) and ${http.toFixed(0)} µs the webhook's HTTP layer net of its batching (platlint - reference)`,
  );
}
if (values.against) {
  for (const c of connections) {
    const [here, there] = [mutating[c], results[AGAINST][c]];
    console.log(
      `c=${c}: platlint against --against (mutating): CPU µs/request ${here.cpuUsPerRequest.toFixed(0)} vs ${there.cpuUsPerRequest.toFixed(0)} (${(((here.cpuUsPerRequest - there.cpuUsPerRequest) / there.cpuUsPerRequest) * 100).toFixed(1)}%), p99 ${here.p99ms.toFixed(2)} vs ${there.p99ms.toFixed(2)} ms`,
    );
  }
}
console.log(
  `peak memory (max RSS): bare ${(peakKb.bare / 1024).toFixed(0)} MiB, reference ${(peakKb.reference / 1024).toFixed(0)} MiB, platlint ${(peakKb.platlint / 1024).toFixed(0)} MiB${values.against ? `, --against ${(peakKb.against / 1024).toFixed(0)} MiB` : ''}`,
);
if (bare[16]) {
  for (const label of Object.keys(results).filter((l) => l.startsWith('platlint'))) {
    const r = results[label][16];
    const ratio = r.rps / bare[16].rps;
    console.log(
      `target at 16 connections, ${label}: ratio >= 0.6 ${ratio >= 0.6 ? 'met' : 'NOT met'} (${ratio.toFixed(2)}), p99 < 5 ms ${r.p99ms < 5 ? 'met' : 'NOT met'} (${r.p99ms.toFixed(2)} ms; the bare server's ${bare[16].p99ms.toFixed(2)} ms)`,
    );
  }
}
