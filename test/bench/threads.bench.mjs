// Where a run's CPU time goes, thread by thread, so that the speed-up of more threads can be
// judged on a machine others are using (wall time then says little). Linux only: it reads
// each thread's user + system time from /proc/<pid>/task/<tid>/stat while the process runs.
//
//   node test/bench/threads.bench.mjs [--rounds 3] [--workers 1] [--workers 2] [--cli PATH]... [--corpus DIR]
//
// For each CLI and each --workers value, alternating round by round, it reports medians of:
//   main     CPU seconds of the main thread;
//   workers  CPU seconds of each lint worker thread (threads started 50 ms or more after the
//            runtime's own threads, V8's GC and compiler helpers, which start together);
//   helpers  CPU seconds of the runtime's threads;
//   bound    the wall time the run needs on two otherwise idle cores at best: the busiest
//            JavaScript thread, or the whole CPU time spread over two cores, whichever is larger;
//   wall     wall seconds as measured here (meaningful on a quiet machine only).
// The speed-up of N threads is then bound(--workers 1) / bound(--workers N).
//
// The ceiling, in the same run: a bare `yaml` parse of the whole corpus against two bare
// parses of its halves (by bytes), each a process of its own, their bounds taken together as
// if they ran side by side: what two perfectly independent threads could gain here, V8's own
// helper threads included. The halves are run one after the other for that, so each had the
// other core to itself (or to the machine's other work); they are then also run at once, as
// two lint threads run: the bound and wall of that pair are the ceiling with the cost of two
// busy cores in it (shared caches and memory bandwidth, the host's scheduling of the
// virtual CPUs), which one-after-the-other runs do not pay.
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { bareParseArgv, generatedCorpus, halvesBySize } from './corpus.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    documents: { type: 'string', default: '10000' },
    cli: { type: 'string', multiple: true, default: [join(root, 'packages/cli/dist/platlint.mjs')] },
    corpus: { type: 'string' },
    workers: { type: 'string', multiple: true, default: ['1', '2'] },
  },
});
const CORES = 2;
const RUNTIME_START_TICKS = 5;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** CPU seconds of every thread of a process, sampled every 10 ms until it exits. */
function threadTimes(argv) {
  return new Promise((resolve, reject) => {
    const spawned = process.hrtime.bigint();
    const child = spawn(argv[0], argv.slice(1), { stdio: ['ignore', 'ignore', 'inherit'] });
    const threads = new Map();
    const sample = () => {
      let tids;
      try {
        tids = readdirSync(`/proc/${child.pid}/task`);
      } catch {
        return;
      }
      for (const tid of tids) {
        let stat;
        try {
          stat = readFileSync(`/proc/${child.pid}/task/${tid}/stat`, 'utf8');
        } catch {
          continue; // the thread ended between the listing and the read
        }
        // Fields after the command name, from the third on: utime, stime and starttime are the 14th, 15th and 22nd, in ticks of 10 ms.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const cpu = (Number(fields[11]) + Number(fields[12])) / 100;
        const known = threads.get(tid) ?? { cpu: 0, started: Number(fields[19]) };
        known.cpu = Math.max(known.cpu, cpu);
        threads.set(tid, known);
      }
    };
    const timer = setInterval(sample, 10);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(timer);
      const wall = Number(process.hrtime.bigint() - spawned) / 1e9;
      if (code !== 0 && code !== 1) return reject(new Error(`${argv.join(' ')} exited with ${code}`));
      const main = threads.get(String(child.pid))?.cpu ?? 0;
      threads.delete(String(child.pid));
      // The runtime's threads start together as the process starts; a lint worker only once the
      // CLI is loaded and has found its files, well over 50 ms later. (libuv's pool starts late
      // too, but it is idle: it has nothing to count.)
      const first = Math.min(...[...threads.values()].map((t) => t.started));
      const runtime = (t) => t.started - first <= RUNTIME_START_TICKS;
      const workers = [...threads.values()].filter((t) => !runtime(t) && t.cpu > 0).map((t) => t.cpu);
      const helpers = [...threads.values()].filter(runtime).reduce((sum, t) => sum + t.cpu, 0);
      const total = main + helpers + workers.reduce((a, b) => a + b, 0);
      resolve({ wall, main, workers, helpers, total, bound: Math.max(main, ...workers, total / CORES) });
    });
  });
}

const corpus = values.corpus ?? generatedCorpus(Number(values.documents));
const sides = [];
for (const cli of values.cli)
  for (const w of values.workers)
    sides.push({
      cli,
      name: `${values.cli.length > 1 ? `${cli} ` : ''}--workers ${w}`,
      argv: [process.execPath, cli, 'lint', corpus, '--format', 'json', '-o', '/dev/null', '--workers', w],
      runs: [],
    });
const halves = halvesBySize(corpus);
const ceiling = { whole: [], halves: [], together: [], togetherWall: [], wholeWall: [] };
for (let r = 0; r < Number(values.rounds); r++) {
  for (const side of sides) side.runs.push(await threadTimes(side.argv));
  const whole = await threadTimes(bareParseArgv([corpus]));
  ceiling.whole.push(whole.bound);
  ceiling.wholeWall.push(whole.wall);
  const [a, b] = [await threadTimes(bareParseArgv(halves[0])), await threadTimes(bareParseArgv(halves[1]))];
  ceiling.halves.push(pairBound(a, b));
  const [c, d] = await Promise.all([threadTimes(bareParseArgv(halves[0])), threadTimes(bareParseArgv(halves[1]))]);
  ceiling.together.push(pairBound(c, d));
  ceiling.togetherWall.push(Math.max(c.wall, d.wall));
}

/** The bound of two processes run side by side: the busier main thread, or their CPU time spread over the cores. */
function pairBound(a, b) {
  return Math.max(a.main, b.main, (a.total + b.total) / CORES);
}

console.log(`${corpus} (${values.rounds} alternating rounds, medians, CPU seconds)`);
console.log(
  `  ${'run'.padEnd(20)} ${'main'.padStart(6)} ${'workers'.padStart(14)} ${'helpers'.padStart(8)} ${'total'.padStart(7)} ${'bound'.padStart(7)} ${'wall'.padStart(7)}`,
);
for (const { name, runs } of sides) {
  const m = (f) => median(runs.map(f));
  const workers = runs[0].workers.map((_, i) => m((r) => r.workers[i] ?? 0).toFixed(2)).join(' ') || '-';
  console.log(
    `  ${name.padEnd(20)} ${m((r) => r.main)
      .toFixed(2)
      .padStart(6)} ${workers.padStart(14)} ${m((r) => r.helpers)
      .toFixed(2)
      .padStart(8)} ${m((r) => r.total)
      .toFixed(2)
      .padStart(7)} ${m((r) => r.bound)
      .toFixed(2)
      .padStart(7)} ${m((r) => r.wall)
      .toFixed(2)
      .padStart(7)}`,
  );
}
const bounds = sides.map((s) => median(s.runs.map((r) => r.bound)));
const walls = sides.map((s) => median(s.runs.map((r) => r.wall)));
// Each CLI's runs against its own first --workers value (--workers 1 by default).
const baseOf = (i) => sides.findIndex((s) => s.cli === sides[i].cli);
const compared = sides.map((_, i) => i).filter((i) => baseOf(i) !== i);
for (const i of compared)
  console.log(
    `  ${sides[i].name} over ${sides[baseOf(i)].name}: speed-up bound ${(bounds[baseOf(i)] / bounds[i]).toFixed(2)}x, wall ${(walls[baseOf(i)] / walls[i]).toFixed(2)}x`,
  );
const [whole, split, together] = [median(ceiling.whole), median(ceiling.halves), median(ceiling.together)];
const spreadOf = (xs) => `${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)}`;
console.log(
  `  ceiling: bare parse bound ${whole.toFixed(2)}, of two halves side by side ${split.toFixed(2)}: speed-up bound ${(whole / split).toFixed(2)}x`,
);
console.log(
  `  ceiling, the halves run at once: bound ${together.toFixed(2)}, speed-up bound ${(whole / together).toFixed(2)}x, wall ${(median(ceiling.wholeWall) / median(ceiling.togetherWall)).toFixed(2)}x`,
);
// The issue's measure: the speed-up a run reaches, as a share of what the ceiling allows (target: at least 0.95).
for (const i of compared) {
  const share = (ceilingBound) => (bounds[baseOf(i)] / bounds[i] / (whole / ceilingBound)).toFixed(2);
  console.log(
    `  ${sides[i].name}: speed-up bound / ceiling ${share(split)} (/ the ceiling of the halves run at once: ${share(together)})`,
  );
}
// The machine is shared: how far the rounds spread says how much a difference of medians means.
console.log(
  `  spread of the bounds over the rounds: ${sides.map((s) => `${s.name} ${spreadOf(s.runs.map((r) => r.bound))}`).join('; ')}; bare parse ${spreadOf(ceiling.whole)}; halves ${spreadOf(ceiling.halves)}; halves at once ${spreadOf(ceiling.together)}`,
);
