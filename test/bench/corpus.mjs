// The generated corpus the benchmarks share: `documents` documents (seed 42), written once
// under the system's temporary directory, never into the repository.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export function generatedCorpus(documents) {
  const dir = join(tmpdir(), 'platlint-bench', `corpus-${documents}`);
  if (!existsSync(join(dir, '.complete'))) {
    mkdirSync(dir, { recursive: true });
    execFileSync(process.execPath, [join(root, 'test/bench/generate-corpus.mjs'), '--out', dir, '--documents', String(documents), '--seed', '42'], { stdio: 'inherit' });
    writeFileSync(join(dir, '.complete'), '');
  }
  return dir;
}

// The baseline: what a user of `yaml` pays to read the same files into values. Its
// arguments are files and directories (read recursively, as platlint does).
const BARE_PARSE = `
const { readFileSync, readdirSync, statSync } = require('node:fs');
const { join } = require('node:path');
const { parseAllDocuments } = require(${JSON.stringify(join(root, 'node_modules/yaml'))});
const walk = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((e) => e.isDirectory() ? walk(join(dir, e.name)) : /\\.ya?ml$/i.test(e.name) ? [join(dir, e.name)] : []);
let documents = 0;
for (const path of process.argv.slice(1)) for (const file of statSync(path).isDirectory() ? walk(path) : [path]) for (const doc of parseAllDocuments(readFileSync(file, 'utf8'))) { doc.toJS(); documents++; }
console.log(documents);
`;

/** The command line of a bare parse of these files and directories. */
export function bareParseArgv(paths) {
  return [process.execPath, '-e', BARE_PARSE, ...paths];
}

/** The YAML files under a directory, split in two halves of about the same bytes (largest first, each to the lighter half). */
export function halvesBySize(dir) {
  const walk = (d) => readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : /\.ya?ml$/i.test(e.name) ? [join(d, e.name)] : []));
  const files = walk(dir).map((f) => ({ f, size: statSync(f).size })).sort((a, b) => b.size - a.size);
  const halves = [{ files: [], bytes: 0 }, { files: [], bytes: 0 }];
  for (const { f, size } of files) {
    const lighter = halves[0].bytes <= halves[1].bytes ? halves[0] : halves[1];
    lighter.files.push(f);
    lighter.bytes += size;
  }
  return halves.map((h) => h.files);
}
