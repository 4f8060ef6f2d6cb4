// How platlint's executables are bundled (the CLI, the language server). Each is two files:
// - `<name>.script.js`, the whole program in one file, so start-up costs one file read instead
//   of hundreds of module resolutions. It is CommonJS wrapped in a function expression, a
//   script rather than an ES module, because Node 20 can give a script (vm.Script) a V8 code
//   cache and not a module;
// - `<name>.mjs`, the launcher, which runs the script with that cache (scripts/launcher/).
//   It is what the bins import and what worker threads start from.
// Two substitutions make start-up faster still:
// - `yaml` is taken in its platform-neutral build, which does not consult process.env for
//   every token the way its Node build does;
// - the validators precompiled by packages/core/scripts/build-validators.mjs replace the
//   empty `precompiled` module, so no schema is compiled at start-up.
import { build } from 'esbuild';
import { isAscii } from 'node:buffer';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { asciiRegExps } from './ascii-regexps.mjs';
import { markdownAsText } from './markdown-text.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const generated = `${root}packages/core/generated/validators.js`;

const precompiledValidators = {
  name: 'precompiled-validators',
  setup(b) {
    b.onResolve({ filter: /\/precompiled\.js$/ }, (args) =>
      args.importer.includes('/packages/core/src/validate/') ? { path: generated } : undefined,
    );
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
 * fdir (tinyglobby's directory walker) tries, as its module loads, to require picomatch from
 * disk for a glob option of its own that nothing here uses (tinyglobby matches with the
 * picomatch bundled in the script): in the repository that loaded a second picomatch through
 * node's module loader on every start (~4 ms, a tenth of evaluating the script), and in an
 * installed package it was a lookup through every node_modules directory up the tree that
 * finds nothing. The bundled fdir goes without it; an fdir whose code reads otherwise fails
 * the build, to be looked at again.
 */
const fdirWithoutOptionalPicomatch = {
  name: 'fdir-without-optional-picomatch',
  setup(b) {
    b.onLoad({ filter: /[/\\]node_modules[/\\]fdir[/\\]dist[/\\]index\.mjs$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const optional = /try \{\s*__require\.resolve\("picomatch"\);\s*pm = __require\("picomatch"\);\s*\} catch \{\}/;
      if (!optional.test(source))
        throw new Error(`${args.path}: fdir no longer requires picomatch the way fdirWithoutOptionalPicomatch expects`);
      return { contents: source.replace(optional, ''), loader: 'js' };
    });
  },
};

/**
 * Packages kept out of the script, each required from a CommonJS file of its own beside it.
 * The names the sources import from each are collected into `used`, so that the file holds
 * just what they need (a whole package is not tree-shaken).
 */
function ownFiles(files, used) {
  const escaped = Object.keys(files).map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
  return {
    name: 'own-files',
    setup(b) {
      if (escaped.length === 0) return;
      b.onResolve({ filter: new RegExp(`^(${escaped.join('|')})$`) }, async (args) => {
        const imports = new RegExp(`import\\s+(type\\s+)?([^;]*?)\\s+from\\s+'${args.path}'`, 'g');
        for (const [, typeOnly, clause] of (await readFile(args.importer, 'utf8')).matchAll(imports)) {
          if (typeOnly) continue;
          if (!/^\{[^}]*\}$/.test(clause))
            throw new Error(`${args.importer}: import { names } from ${args.path}, so that its file can hold just those`);
          for (const binding of clause.slice(1, -1).split(',')) {
            const name = binding.trim().split(/\s+as\s+/)[0];
            if (name && !name.startsWith('type ')) (used[args.path] ??= new Set()).add(name);
          }
        }
        return { path: `./${files[args.path]}`, external: true };
      });
    },
  };
}

const common = { bundle: true, platform: 'node', target: 'node20', logLevel: 'warning' };
// Start-up is mostly V8 reading the bundle; without whitespace and with simpler syntax it
// reads a third less. Names stay, so stack traces remain readable.
const minified = { minifyWhitespace: true, minifySyntax: true };

/**
 * Bundles `entry` (relative to the repository root) into the launcher `launcher` (`dir/name.mjs`)
 * and the script `dir/name.script.js`.
 * - `cacheAfter`: the first arguments of runs the code cache is made from (default: any);
 * - `separate`: packages (name -> file name) that only rare paths use and that would
 *   otherwise add to the script V8 reads on every run without a cache, e.g. a megabyte of
 *   Kubernetes client for `serve --cluster`. A dynamic import() cannot keep them out: a
 *   CommonJS bundle inlines the imported module.
 * - `prelude`: a module (relative to the root) the launcher runs before it compiles the
 *   script, for settings that must come first (V8 flags: a code cache is tied to them).
 */
export async function bundleNode(entry, launcher, { cacheAfter, separate = {}, prelude } = {}) {
  if (!existsSync(generated)) throw new Error(`${generated} is missing: run packages/core/scripts/build-validators.mjs first`);
  const slash = launcher.lastIndexOf('/');
  const dir = `${root}${launcher.slice(0, slash)}`;
  const name = launcher.slice(slash + 1).replace(/\.mjs$/, '');
  const script = `${name}.script.js`;
  const used = {};
  await build({
    ...common,
    ...minified,
    entryPoints: [`${root}${entry}`],
    outfile: `${dir}/${script}`,
    format: 'cjs',
    conditions: ['source'],
    alias: { yaml: `${root}node_modules/yaml/browser/index.js` },
    plugins: [precompiledValidators, jsonAsString, markdownAsText, fdirWithoutOptionalPicomatch, ownFiles(separate, used)],
    // The launcher calls this function with CommonJS's variables and its own URL, which
    // stands for import.meta.url (a worker thread started from it goes through the launcher).
    banner: { js: '(function (require, module, exports, __filename, __dirname, __platlintEntryUrl) {' },
    footer: { js: '})' },
    define: { 'import.meta.url': '__platlintEntryUrl' },
    sourcemap: true,
  });
  for (const [pkg, file] of Object.entries(separate)) {
    if (!used[pkg]) throw new Error(`no source imports names from ${pkg}: drop it from \`separate\``);
    const names = [...used[pkg]].sort().join(', ');
    await build({
      ...common,
      ...minified,
      stdin: { contents: `export { ${names} } from '${pkg}';`, resolveDir: root },
      outfile: `${dir}/${file}`,
      format: 'cjs',
    });
  }
  let bytes = await readFile(`${dir}/${script}`);
  if (!isAscii(bytes)) {
    bytes = Buffer.from(asciiRegExps(bytes.toString('utf8')), 'utf8');
    await writeFile(`${dir}/${script}`, bytes);
  }
  // What stands for the script's contents in its code cache's name (scripts/launcher/bundle-file.mjs).
  const digest = createHash('sha256').update(bytes).digest('hex');
  await build({
    ...common,
    stdin: {
      contents: `${prelude ? `import './${prelude}';\n` : ''}import { runCached } from './scripts/launcher/run-cached.mjs';
runCached({ script: new URL('./${script}', import.meta.url), name: ${JSON.stringify(name)}, entry: import.meta.url, cacheAfter: ${JSON.stringify(cacheAfter)}, digest: ${JSON.stringify(digest)} });`,
      resolveDir: root,
      sourcefile: `${name}.mjs`,
    },
    outfile: `${root}${launcher}`,
    format: 'esm',
  });
}

/**
 * Bundles the TypeScript modules `entries` (relative to the repository root) from the sources, as
 * the executables are (same aliases and loaders), into the ES module `outfile`, which exports
 * what they export, and imports it: for the scripts that run the engine without a build (the
 * benchmarks, the docs generator).
 */
export async function importFromSources(entries, outfile) {
  await build({
    ...common,
    stdin: {
      contents: entries.map((entry) => `export * from './${entry}';`).join('\n'),
      resolveDir: root,
      loader: 'ts',
      sourcefile: 'entry.ts',
    },
    outfile,
    format: 'esm',
    conditions: ['source'],
    alias: { yaml: `${root}node_modules/yaml/browser/index.js` },
    plugins: [markdownAsText],
    banner: { js: "import { createRequire as __r } from 'node:module'; const require = __r(import.meta.url);" },
  });
  return import(outfile);
}
