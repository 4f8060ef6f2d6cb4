// The generated corpus the benchmarks share: `documents` documents (seed 42), written once
// under the system's temporary directory, never into the repository.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
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
