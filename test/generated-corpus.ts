// The generated corpus of the benchmarks (test/bench/generate-corpus.mjs, seed 42), written
// into a directory of the caller's for tests that compare readers over it.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('bench/generate-corpus.mjs', import.meta.url));

/** Writes `documents` generated documents into `dir` and returns the files' names (not paths), sorted. */
export function writeGeneratedCorpus(dir: string, documents: number): string[] {
  execFileSync(process.execPath, [script, '--out', dir, '--documents', String(documents), '--seed', '42']);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort();
}
