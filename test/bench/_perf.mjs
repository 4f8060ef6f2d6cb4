import { readFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { parseAllDocuments } from 'yaml';
import { buildLintLibrary } from '/work/main/test/bench/build-entry.mjs';
const lib = await buildLintLibrary();
const files = execSync("find /work/shared/corpus/realworld -name '*.yaml' -o -name '*.yml'").toString().trim().split('\n');
const texts = files.map((f) => readFileSync(f, 'utf8'));
const bufs = files.map((f) => readFileSync(f));
const cfg = lib.defaultConfig('/');
function cpu(fn) { const s = process.cpuUsage(); fn(); const e = process.cpuUsage(s); return (e.user + e.system) / 1000; }
for (let round = 0; round < 4; round++) {
  const base = cpu(() => { for (const t of texts) parseAllDocuments(t); });
  const parse = cpu(() => { bufs.forEach((b, i) => lib.SourceFile.fromBytes(files[i], b)); });
  const lint = cpu(() => { const s = bufs.map((b, i) => lib.SourceFile.fromBytes(files[i], b)); lib.lintFiles({ files: s, rules: lib.rules, configFor: () => cfg }); });
  console.log({ base, parse, lint, ratio: (lint / base).toFixed(2) });
}
