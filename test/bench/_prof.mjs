import { readFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { buildLintLibrary } from './build-entry.mjs';
const lib = await buildLintLibrary();
const files = execSync("find /work/shared/corpus/realworld -name '*.yaml' -o -name '*.yml'").toString().trim().split('\n');
const bufs = files.map((f) => readFileSync(f));
const cfg = lib.defaultConfig('/');
for (let round = 0; round < 5; round++) { const s = bufs.map((b, i) => lib.SourceFile.fromBytes(files[i], b)); lib.lintFiles({ files: s, rules: lib.rules, configFor: () => cfg }); }
