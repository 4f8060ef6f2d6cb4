// Bundles the language server into one ES module (dist/server.mjs), as packages/cli/scripts/bundle.mjs
// does for the CLI and with the same two substitutions: `yaml` in its platform-neutral build,
// and the validators precompiled by packages/core/scripts/build-validators.mjs in place of the
// empty `precompiled` module. One file also suits the VS Code extension, which ships the server
// inside its package. The lint worker thread is started from the same file.
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
  entryPoints: [`${root}packages/language-server/src/main.ts`],
  outfile: `${root}packages/language-server/dist/server.mjs`,
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
