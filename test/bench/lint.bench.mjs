// Lint throughput against bare YAML parsing of the same files, measured in one process.
//
//   node test/bench/lint.bench.mjs [--rounds 5] [--documents 10000]
//
// For each corpus (the real-world manifests of test/corpus/realworld, and a generated
// corpus of realistic documents), it measures the CPU time of `yaml`'s parseAllDocuments
// over every file (the baseline, as a user of `yaml` would call it) and of a full lint of
// the same bytes (decode, parse, validate, rules), alternating them round by round, and
// prints the medians, documents per CPU-second and the ratio lint / parse. Then it runs the
// real CLI on the generated corpus with one and with two threads, for the two-core speed-up.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadAll } from 'js-yaml';
import { parseAllDocuments } from 'yaml';
import { buildLintLibrary } from './build-entry.mjs';
import { generatedCorpus } from './corpus.mjs';
import { cpuMs, median } from './measure.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '5' }, documents: { type: 'string', default: '10000' } },
});
const rounds = Number(values.rounds);

function yamlFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...yamlFiles(path));
    else if (/\.ya?ml$/.test(entry.name)) out.push(path);
  }
  return out.sort();
}

// Generated outside the repository, shared with the other benchmarks.
const generated = generatedCorpus(values.documents);

const lib = await buildLintLibrary();
const config = lib.defaultConfig(root);

function measure(name, files) {
  const bytes = files.map((f) => readFileSync(f));
  const texts = bytes.map((b) => b.toString('utf8'));
  const size = bytes.reduce((n, b) => n + b.length, 0);
  let documents = 0;
  const lint = () => {
    const sources = bytes.map((b, i) => lib.SourceFile.fromBytes(files[i], b));
    documents = sources.reduce((n, s) => n + s.documents.length, 0);
    lib.lintSources({ files: sources, rules: lib.rules, configFor: () => config });
  };
  const parse = () => {
    for (const t of texts) parseAllDocuments(t);
  };
  // The fastest loader (issue 25's baseline); it stops at a file's first syntax error.
  const load = () => {
    for (const t of texts) {
      try {
        loadAll(t);
      } catch {
        // counted as read: `yaml` goes on past the error, js-yaml cannot
      }
    }
  };
  lint();
  parse();
  load(); // warm all up before measuring
  const parseTimes = [];
  const loadTimes = [];
  const lintTimes = [];
  for (let r = 0; r < rounds; r++) {
    parseTimes.push(cpuMs(parse));
    loadTimes.push(cpuMs(load));
    lintTimes.push(cpuMs(lint));
  }
  const p = median(parseTimes);
  const j = median(loadTimes);
  const l = median(lintTimes);
  const each = (xs) => xs.map((x) => x.toFixed(0)).join(' ');
  console.log(`\n${name}: ${files.length} files, ${documents} documents, ${(size / 1e6).toFixed(1)} MB`);
  console.log(
    `  bare parseAllDocuments  ${p.toFixed(0).padStart(6)} ms CPU  ${((documents / p) * 1000).toFixed(0).padStart(6)} documents/CPU-s`,
  );
  console.log(
    `  js-yaml loadAll         ${j.toFixed(0).padStart(6)} ms CPU  ${((documents / j) * 1000).toFixed(0).padStart(6)} documents/CPU-s`,
  );
  console.log(
    `  platlint lint           ${l.toFixed(0).padStart(6)} ms CPU  ${((documents / l) * 1000).toFixed(0).padStart(6)} documents/CPU-s`,
  );
  console.log(`  ratio lint / parse      ${(l / p).toFixed(2)}   (target: at most 1.30)`);
  console.log(`  ratio lint / js-yaml    ${(l / j).toFixed(2)}   (issue 25's target: at most 2.0)`);
  console.log(`  each round, ms CPU: parse ${each(parseTimes)}; js-yaml ${each(loadTimes)}; lint ${each(lintTimes)}`);
  return { documents, parse: p, load: j, lint: l };
}

const realworld = measure('real-world corpus', yamlFiles(join(root, 'test/corpus/realworld')));
const synthetic = measure(`generated corpus (seed 42)`, yamlFiles(generated));
console.log(`\npeak memory of this process (maxRSS): ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);

// The real CLI, as a process: one thread against the default (one per core).
const cli = join(root, 'packages/cli/dist/platlint.mjs');
function runCli(workers) {
  const started = process.hrtime.bigint();
  const result = spawnSync(
    '/usr/bin/env',
    [
      'bash',
      '-c',
      `command time -f '%M' ${process.execPath} ${cli} lint ${generated} --format json --workers ${workers} > /dev/null`,
    ],
    { encoding: 'utf8' },
  );
  const wall = Number(process.hrtime.bigint() - started) / 1e6;
  const rss = Number(result.stderr.trim().split('\n').pop());
  return { wall, rss: Number.isFinite(rss) ? rss / 1024 : undefined };
}
const one = [];
const two = [];
for (let r = 0; r < 3; r++) {
  one.push(runCli(1));
  two.push(runCli(2));
}
const w1 = median(one.map((x) => x.wall));
const w2 = median(two.map((x) => x.wall));
const rss = (runs) =>
  runs[0].rss ? `${Math.max(...runs.map((x) => x.rss)).toFixed(0)} MB peak RSS` : 'peak RSS not measured (no /usr/bin/time)';
console.log(`\nCLI on the generated corpus (${synthetic.documents} documents), wall time, median of 3:`);
console.log(
  `  --workers 1   ${w1.toFixed(0).padStart(6)} ms  ${((synthetic.documents / w1) * 1000).toFixed(0)} documents/s  ${rss(one)}`,
);
console.log(
  `  --workers 2   ${w2.toFixed(0).padStart(6)} ms  ${((synthetic.documents / w2) * 1000).toFixed(0)} documents/s  ${rss(two)}`,
);
console.log(`  two-core speed-up  ${(w1 / w2).toFixed(2)}x`);
console.log(
  `\nsummary: real-world ${((realworld.documents / realworld.lint) * 1000).toFixed(0)} documents/CPU-s (target 1300), ratio ${(realworld.lint / realworld.parse).toFixed(2)}; generated ratio ${(synthetic.lint / synthetic.parse).toFixed(2)} (target 1.30), ${(synthetic.lint / synthetic.load).toFixed(2)} of js-yaml (target 2.0)`,
);
