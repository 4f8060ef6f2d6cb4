// Whole processes, as a user runs them: `platlint lint` against a bare `yaml` parse of the
// same files, alternating round by round, medians of wall time, CPU time and peak RSS.
//
//   node test/bench/process.bench.mjs [--rounds 3] [--documents 10000] [--generated-only] [--workers N]... [--cache] [--cli PATH] [--corpus DIR]... [--kubeconform BIN]
//
// The generated corpus is written under the system's temporary directory (never into the
// repository). `--cli` points at another build of the CLI (the launcher in a copy of
// packages/cli/dist/ made before a change) to compare. Runs are alternated because the
// machine is shared: a burst of load from elsewhere then hits both sides instead of one.
// The CLI uses its code cache as a user's would (README, "Start-up code cache"); set
// PLATLINT_CODE_CACHE=0 to measure without it.
//
// kubeconform, the Go validator users pick for speed, runs as a third side when it is found
// (`--kubeconform BIN`, $KUBECONFORM, or on the PATH), with one worker (`-n 1`) and platlint's
// exported schemas (kubeconform-schemas.mjs); otherwise a line says it was skipped. It is not
// on npm or in Debian; its repository vendors its dependencies, so it builds offline:
//   git clone -b v0.6.7 https://github.com/yannh/kubeconform && cd kubeconform
//   sed -i 's/^go 1.22$/go 1.19/' go.mod   # Debian bookworm's Go is 1.19; the code builds with it
//   go build -mod=vendor -o kubeconform ./cmd/kubeconform
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { bareParseArgv, generatedCorpus, jsYamlLoadArgv } from './corpus.mjs';
import { findKubeconform, kubeconformArgv, kubeconformSchemas } from './kubeconform-schemas.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    documents: { type: 'string', default: '10000' },
    cli: { type: 'string', default: join(root, 'packages/cli/dist/platlint.mjs') },
    corpus: { type: 'string', multiple: true },
    workers: { type: 'string', multiple: true, default: ['1', '2'] },
    cache: { type: 'boolean', default: false },
    'generated-only': { type: 'boolean', default: false },
    kubeconform: { type: 'string', default: process.env.KUBECONFORM },
  },
});
const rounds = Number(values.rounds);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One process: wall ms, CPU s (user + system, children included) and peak RSS in MiB, from GNU time. */
function timed(argv) {
  const started = process.hrtime.bigint();
  const result = spawnSync('/usr/bin/time', ['-f', '%U %S %M', ...argv], { encoding: 'utf8', maxBuffer: 1 << 30 });
  const wall = Number(process.hrtime.bigint() - started) / 1e6;
  const [user, system, rssKb] = result.stderr.trim().split('\n').pop().split(' ').map(Number);
  return { wall, cpu: user + system, rss: rssKb / 1024, status: result.status };
}

const kubeconform = findKubeconform(values.kubeconform);
const kubeconformLayout = kubeconform ? await kubeconformSchemas(values.cli) : undefined;
if (!kubeconform)
  console.log(
    'kubeconform not found (--kubeconform BIN, $KUBECONFORM or the PATH): its side is skipped; see the head of this file to build it',
  );

const generated = () => generatedCorpus(Number(values.documents));
const corpora = values.corpus ?? (values['generated-only'] ? [generated()] : [join(root, 'test/corpus/realworld'), generated()]);
for (const corpus of corpora) {
  const sides = { parse: [], 'js-yaml load': [], ...Object.fromEntries(values.workers.map((w) => [`lint --workers ${w}`, []])) };
  if (values.cache) sides['lint --cache (warm)'] = [];
  if (kubeconform) sides['kubeconform -n 1'] = [];
  const cacheFile = join(tmpdir(), 'platlint-bench', `cache-${process.pid}`);
  for (let r = 0; r < rounds; r++) {
    sides.parse.push(timed(bareParseArgv([corpus])));
    sides['js-yaml load'].push(timed(jsYamlLoadArgv([corpus])));
    for (const w of values.workers)
      sides[`lint --workers ${w}`].push(
        timed([process.execPath, values.cli, 'lint', corpus, '--format', 'json', '--workers', w, '-o', '/dev/null']),
      );
    if (kubeconform) sides['kubeconform -n 1'].push(timed(kubeconformArgv(kubeconform, kubeconformLayout, corpus)));
    if (values.cache) {
      const cachedLint = [
        process.execPath,
        values.cli,
        'lint',
        corpus,
        '--format',
        'json',
        '-o',
        '/dev/null',
        '--cache',
        '--cache-location',
        cacheFile,
      ];
      timed(cachedLint);
      sides['lint --cache (warm)'].push(timed(cachedLint));
    }
  }
  const base = {
    wall: median(sides.parse.map((x) => x.wall)),
    cpu: median(sides.parse.map((x) => x.cpu)),
    rss: median(sides.parse.map((x) => x.rss)),
  };
  const fastest = median(sides['js-yaml load'].map((x) => x.cpu));
  const goValidator = kubeconform ? median(sides['kubeconform -n 1'].map((x) => x.cpu)) : undefined;
  console.log(`\n${corpus} (${rounds} alternating rounds, medians)`);
  console.log(
    `  ${'process'.padEnd(22)} ${'wall s'.padStart(7)} ${'CPU s'.padStart(7)} ${'peak RSS MiB'.padStart(13)}  CPU / parse  wall / parse  CPU / js-yaml  RSS / parse${goValidator ? '  CPU / kubeconform' : ''}  CPU s of each round`,
  );
  for (const [name, runs] of Object.entries(sides)) {
    const wall = median(runs.map((x) => x.wall));
    const cpu = median(runs.map((x) => x.cpu));
    const rss = median(runs.map((x) => x.rss));
    const failed = runs.some((x) => x.status !== 0 && x.status !== 1) ? '  (a run failed)' : '';
    const spread = runs.map((x) => x.cpu.toFixed(1)).join(' ');
    console.log(
      `  ${name.padEnd(22)} ${(wall / 1000).toFixed(2).padStart(7)} ${cpu.toFixed(2).padStart(7)} ${rss.toFixed(0).padStart(13)}  ${(cpu / base.cpu).toFixed(2).padStart(11)}  ${(wall / base.wall).toFixed(2).padStart(12)}  ${(cpu / fastest).toFixed(2).padStart(13)}  ${(rss / base.rss).toFixed(2).padStart(11)}${goValidator ? `  ${(cpu / goValidator).toFixed(2).padStart(17)}` : ''}  ${spread}${failed}`,
    );
  }
}
