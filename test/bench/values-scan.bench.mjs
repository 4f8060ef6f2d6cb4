// The values-first stage's readers side by side, in one process (issue 25, item 1).
//
//   node test/bench/values-scan.bench.mjs [--rounds 7] [--documents 10000]
//
// For the generated corpus and the real-world one (test/corpus/realworld), the CPU time per MB
// of: the js-yaml stage alone (its pre-scan, js-yaml's load of each document, the null pass:
// what read every file before the block scanner), the pre-scan alone, the block scanner alone
// (packages/core/src/source/block-scan.ts), and the stage as it runs now (the scanner, then the
// js-yaml stage for the files it gives up on). Rounds alternate the four; medians are printed,
// with the share of files the scanner reads. Needs the build (`npm run build`).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generatedCorpus } from './corpus.mjs';
import { cpuMs, median } from './measure.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const source = (name) => import(join(root, 'packages/core/dist/src/source', name));
const { scanBlocks } = await source('block-scan.js');
const { loadWithJsYaml, needsReaderOfRecord } = await source('values-only-read.js');
const { withLineFeeds } = await source('line-breaks.js');

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '7' }, documents: { type: 'string', default: '10000' } },
});
const rounds = Number(values.rounds);

function yamlFiles(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? yamlFiles(join(dir, e.name)) : /\.ya?ml$/.test(e.name) ? [join(dir, e.name)] : []))
    .sort();
}

const ways = {
  'js-yaml stage (pre-scan, load, null pass)': (text) => loadWithJsYaml(text),
  'pre-scan alone': (text) => needsReaderOfRecord(text),
  'block scanner alone': (text) => scanBlocks(text),
  'the stage now (scanner, else js-yaml stage)': (text) => scanBlocks(text) ?? loadWithJsYaml(text),
};

for (const [name, dir] of [
  [`generated (${values.documents} documents)`, generatedCorpus(values.documents)],
  ['real-world', join(root, 'test/corpus/realworld')],
]) {
  const texts = yamlFiles(dir).map((f) => withLineFeeds(readFileSync(f, 'utf8')));
  const mb = texts.reduce((sum, t) => sum + Buffer.byteLength(t), 0) / 1e6;
  const scanned = texts.filter((t) => scanBlocks(t) !== undefined).length;
  const times = Object.fromEntries(Object.keys(ways).map((way) => [way, []]));
  for (let round = 0; round < rounds; round++)
    for (const [way, read] of Object.entries(ways)) times[way].push(cpuMs(() => texts.forEach(read)));
  console.log(
    `${name}: ${texts.length} files, ${mb.toFixed(1)} MB; the scanner reads ${scanned} (${((scanned / texts.length) * 100).toFixed(1)}%)`,
  );
  for (const [way, ms] of Object.entries(times))
    console.log(`  ${way.padEnd(46)} ${(median(ms) / mb).toFixed(1).padStart(6)} ms CPU per MB`);
  const ratio = median(times['js-yaml stage (pre-scan, load, null pass)']) / median(times['block scanner alone']);
  console.log(`  js-yaml stage / block scanner: ${ratio.toFixed(2)} (issue 25's aim: at least 2)`);
}
