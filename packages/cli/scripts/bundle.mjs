// Bundles the CLI into one ES module: start-up then costs one file read, not hundreds of
// module resolutions. Two substitutions make it faster still:
// - `yaml` is taken in its platform-neutral build, which does not consult process.env for
//   every token the way its Node build does;
// - the validators precompiled by packages/core/scripts/build-validators.mjs replace the
//   empty `precompiled` module, so no schema is compiled at start-up.
import { build } from 'esbuild';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const generated = `${root}packages/core/generated/validators.js`;
if (!existsSync(generated)) throw new Error(`${generated} is missing: run packages/core/scripts/build-validators.mjs first`);

const precompiledValidators = {
  name: 'precompiled-validators',
  setup(b) {
    b.onResolve({ filter: /\/precompiled\.js$/ }, (args) => (args.importer.includes('/packages/core/src/validate/') ? { path: generated } : undefined));
  },
};

await build({
  entryPoints: [`${root}packages/cli/src/main.ts`],
  outfile: `${root}packages/cli/dist/platlint.mjs`,
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
