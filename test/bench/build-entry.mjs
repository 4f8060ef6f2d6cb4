// Builds the engine exactly as the CLI bundle does (same aliases), as a library for the benchmarks.
import { fileURLToPath } from 'node:url';
import { importFromSources } from '../../scripts/bundle-node.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
export function buildLintLibrary() {
  return importFromSources(['test/bench/lint-entry.ts'], `${root}.bench/lint-lib.mjs`);
}
