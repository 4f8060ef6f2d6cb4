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
// helper threads included.
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
for (const cli of values.cli) for (const w of values.workers) sides.push({ name: `${values.cli.length > 1 ? `${cli} ` : ''}--workers ${w}`, argv: [process.execPath, cli, 'lint', corpus, '--format', 'json', '-o', '/dev/null', '--workers', w], runs: [] });
const halves = halvesBySize(corpus);
const ceiling = { whole: [], halves: [] };
for (let r = 0; r < Number(values.rounds); r++) {
  for (const side of sides) side.runs.push(await threadTimes(side.argv));
  ceiling.whole.push((await threadTimes(bareParseArgv([corpus]))).bound);
  const [a, b] = [await threadTimes(bareParseArgv(halves[0])), await threadTimes(bareParseArgv(halves[1]))];
  ceiling.halves.push(Math.max(a.main, b.main, (a.total + b.total) / CORES));
}

console.log(`${corpus} (${values.rounds} alternating rounds, medians, CPU seconds)`);
console.log(`  ${'run'.padEnd(20)} ${'main'.padStart(6)} ${'workers'.padStart(14)} ${'helpers'.padStart(8)} ${'total'.padStart(7)} ${'bound'.padStart(7)} ${'wall'.padStart(7)}`);
for (const { name, runs } of sides) {
  const m = (f) => median(runs.map(f));
  const workers = runs[0].workers.map((_, i) => m((r) => r.workers[i] ?? 0).toFixed(2)).join(' ') || '-';
  console.log(`  ${name.padEnd(20)} ${m((r) => r.main).toFixed(2).padStart(6)} ${workers.padStart(14)} ${m((r) => r.helpers).toFixed(2).padStart(8)} ${m((r) => r.total).toFixed(2).padStart(7)} ${m((r) => r.bound).toFixed(2).padStart(7)} ${m((r) => r.wall).toFixed(2).padStart(7)}`);
}
const bounds = sides.map((s) => median(s.runs.map((r) => r.bound)));
const walls = sides.map((s) => median(s.runs.map((r) => r.wall)));
for (let i = 1; i < sides.length; i++) console.log(`  ${sides[i].name} over ${sides[0].name}: speed-up bound ${(bounds[0] / bounds[i]).toFixed(2)}x, wall ${(walls[0] / walls[i]).toFixed(2)}x`);
const [whole, split] = [median(ceiling.whole), median(ceiling.halves)];
console.log(`  ceiling: bare parse bound ${whole.toFixed(2)}, of two halves side by side ${split.toFixed(2)}: speed-up bound ${(whole / split).toFixed(2)}x`);
