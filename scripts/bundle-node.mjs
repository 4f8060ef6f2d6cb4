// How platlint's executables are bundled (the CLI, the language server): one ES module per
// entry, so start-up costs one file read instead of hundreds of module resolutions, with two
// substitutions that make it faster still:
// - `yaml` is taken in its platform-neutral build, which does not consult process.env for
//   every token the way its Node build does;
// - the validators precompiled by packages/core/scripts/build-validators.mjs replace the
//   empty `precompiled` module, so no schema is compiled at start-up.
import { build } from 'esbuild';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
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
 * JSON data as one string handed to JSON.parse: V8 scans a string literal far faster than it
 * parses the same data written as an object literal (the type table is half a megabyte).
 */
const jsonAsString = {
  name: 'json-as-string',
  setup(b) {
    b.onLoad({ filter: /[/\\]packages[/\\]core[/\\]data[/\\].*\.json$/ }, async (args) => ({
      contents: `export default JSON.parse(${JSON.stringify(await readFile(args.path, 'utf8'))});`,
      loader: 'js',
    }));
  },
};

/**
 * Bundles `entry` (relative to the repository root) into `outfile`. Modules the entry imports
 * dynamically become chunks beside it, loaded only when used.
 */
export async function bundleNode(entry, outfile) {
  if (!existsSync(generated)) throw new Error(`${generated} is missing: run packages/core/scripts/build-validators.mjs first`);
  const slash = outfile.lastIndexOf('/');
  // Chunk names carry a content hash: without this, chunks of earlier builds would stay beside
  // the new ones and be shipped in the npm package.
  await rm(`${root}${outfile.slice(0, slash)}/chunks`, { recursive: true, force: true });
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
    plugins: [precompiledValidators, jsonAsString],
    banner: { js: "import { createRequire as __platlintRequire } from 'node:module'; const require = __platlintRequire(import.meta.url);" },
    sourcemap: true,
    // Start-up is mostly V8 reading the bundle; without whitespace and with simpler syntax it
    // reads a third less. Names stay, so stack traces remain readable.
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
  });
}
