// Bundles the CLI into one ES module: start-up then costs one file read, not hundreds of
// module resolutions. `yaml` is taken in its platform-neutral build, which does not consult
// process.env for every token the way its Node build does.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));
await build({
  entryPoints: [`${root}/packages/cli/src/main.ts`],
  outfile: `${root}/packages/cli/dist/platlint.mjs`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  conditions: ['source'],
  alias: { yaml: `${root}/node_modules/yaml/browser/index.js` },
  banner: { js: "import { createRequire as __platlintRequire } from 'node:module'; const require = __platlintRequire(import.meta.url);" },
  sourcemap: true,
  logLevel: 'warning',
});
