// How platlint's executables are bundled (the CLI, the language server): one ES module per
// entry, so start-up costs one file read instead of hundreds of module resolutions, with two
// substitutions that make it faster still:
// - `yaml` is taken in its platform-neutral build, which does not consult process.env for
//   every token the way its Node build does;
// - the validators precompiled by packages/core/scripts/build-validators.mjs replace the
//   empty `precompiled` module, so no schema is compiled at start-up.
import { build } from 'esbuild';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const generated = `${root}packages/core/generated/validators.js`;

const precompiledValidators = {
  name: 'precompiled-validators',
  setup(b) {
    b.onResolve({ filter: /\/precompiled\.js$/ }, (args) => (args.importer.includes('/packages/core/src/validate/') ? { path: generated } : undefined));
  },
};

/**
 * Bundles `entry` (relative to the repository root) into `outfile`. Modules the entry imports
 * dynamically become chunks beside it, loaded only when used.
 */
export async function bundleNode(entry, outfile) {
  if (!existsSync(generated)) throw new Error(`${generated} is missing: run packages/core/scripts/build-validators.mjs first`);
  const slash = outfile.lastIndexOf('/');
  await build({
    entryPoints: { [outfile.slice(slash + 1).replace(/\.mjs$/, '')]: `${root}${entry}` },
    outdir: `${root}${outfile.slice(0, slash)}`,
    outExtension: { '.js': '.mjs' },
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: ['source'],
    alias: { yaml: `${root}node_modules/yaml/browser/index.js` },
    plugins: [precompiledValidators],
    banner: { js: "import { createRequire as __platlintRequire } from 'node:module'; const require = __platlintRequire(import.meta.url);" },
    sourcemap: true,
    logLevel: 'warning',
  });
}
