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
    execFileSync(
      process.execPath,
      [join(root, 'test/bench/generate-corpus.mjs'), '--out', dir, '--documents', String(documents), '--seed', '42'],
      { stdio: 'inherit' },
    );
    writeFileSync(join(dir, '.complete'), '');
  }
  return dir;
}

// A process that reads files and directories (recursively, as platlint does) into values
// with `readAll` (a text to its number of documents) and prints how many documents it read.
const loaderScript = (readAll) => `
const { readFileSync, readdirSync, statSync } = require('node:fs');
const { join } = require('node:path');
${readAll}
const walk = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((e) => e.isDirectory() ? walk(join(dir, e.name)) : /\\.ya?ml$/i.test(e.name) ? [join(dir, e.name)] : []);
let documents = 0;
for (const path of process.argv.slice(1)) for (const file of statSync(path).isDirectory() ? walk(path) : [path]) documents += readAll(readFileSync(file, 'utf8'));
console.log(documents);
`;

// The baseline: what a user of `yaml` pays to read the same files into values.
const BARE_PARSE = loaderScript(`
const { parseAllDocuments } = require(${JSON.stringify(join(root, 'node_modules/yaml'))});
const readAll = (text) => { let n = 0; for (const doc of parseAllDocuments(text)) { doc.toJS(); n++; } return n; };
`);

// The fastest loader's baseline (issue 25): js-yaml's loadAll, the version platlint's first
// reading stage uses (packages/core/src/source/values-only-read.ts). It throws at the first
// syntax error, where `yaml` goes on: such a file counts no document.
const JS_YAML_LOAD = loaderScript(`
const { loadAll } = require(${JSON.stringify(join(root, 'node_modules/js-yaml'))});
const readAll = (text) => { try { return loadAll(text).length; } catch { return 0; } };
`);

/** The command line of a bare parse of these files and directories. */
export function bareParseArgv(paths) {
  return [process.execPath, '-e', BARE_PARSE, ...paths];
}

/** The command line of a js-yaml load of these files and directories. */
export function jsYamlLoadArgv(paths) {
  return [process.execPath, '-e', JS_YAML_LOAD, ...paths];
}

/** The YAML files under a directory, split in two halves of about the same bytes (largest first, each to the lighter half). */
export function halvesBySize(dir) {
  const walk = (d) =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(d, e.name)) : /\.ya?ml$/i.test(e.name) ? [join(d, e.name)] : [],
    );
  const files = walk(dir)
    .map((f) => ({ f, size: statSync(f).size }))
    .sort((a, b) => b.size - a.size);
  const halves = [
    { files: [], bytes: 0 },
    { files: [], bytes: 0 },
  ];
  for (const { f, size } of files) {
    const lighter = halves[0].bytes <= halves[1].bytes ? halves[0] : halves[1];
    lighter.files.push(f);
    lighter.bytes += size;
  }
  return halves.map((h) => h.files);
}
