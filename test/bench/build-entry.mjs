// Builds the engine exactly as the CLI bundle does (same aliases), as a library for the benchmarks.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
export async function buildLintLibrary() {
  const outfile = `${root}/.bench/lint-lib.mjs`;
  await build({
    entryPoints: [`${root}/test/bench/lint-entry.ts`],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: ['source'],
    alias: { yaml: `${root}/node_modules/yaml/browser/index.js` },
    banner: { js: "import { createRequire as __r } from 'node:module'; const require = __r(import.meta.url);" },
    logLevel: 'warning',
  });
  return import(outfile);
}
