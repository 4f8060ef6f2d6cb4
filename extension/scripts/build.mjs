// Builds extension/dist/: the extension entry bundled as CommonJS (VS Code loads extensions
// with require; `vscode` is provided by the host) and the language server, bundled by its own
// script (packages/language-server/scripts/bundle.mjs) and copied here, so that the package
// ships the very files the protocol tests exercise: its launcher and the script it runs.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const extension = fileURLToPath(new URL('..', import.meta.url));
const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = `${extension}dist/`;

const serverDist = `${root}packages/language-server/dist/`;
/** The launcher (written last by the bundler) and the script it runs. */
const serverFiles = ['server.mjs', 'server.script.js'];
const serverBundle = `${serverDist}server.mjs`;
/** What the server bundle is made of (`scripts` holds the bundler and the launcher): when any of it is newer than the bundle, it is rebuilt. */
const serverInputs = [
  'packages/core/src',
  'packages/core/generated',
  'packages/cel/src',
  'rules/src',
  'packages/language-server/src',
  'scripts',
].map((dir) => `${root}${dir}`);

function newestChange(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(path) : statSync(path).mtimeMs);
  }
  return newest;
}

// The bundle is rebuilt only when stale: rewriting it while other tests start it (npm test
// runs files in parallel) could hand them a half-written file.
function ensureServerBundle() {
  const built = existsSync(serverBundle) ? statSync(serverBundle).mtimeMs : 0;
  const sources = Math.max(...serverInputs.filter((dir) => existsSync(dir)).map(newestChange));
  if (built > sources) return;
  execFileSync(process.execPath, [`${root}packages/language-server/scripts/bundle.mjs`], { stdio: 'inherit' });
}

export async function buildExtension() {
  rmSync(dist, { recursive: true, force: true });
  mkdirSync(dist, { recursive: true });
  ensureServerBundle();
  for (const file of serverFiles) copyFileSync(`${serverDist}${file}`, `${dist}${file}`);
  const { metafile } = await build({
    entryPoints: [`${extension}src/extension.ts`],
    outfile: `${dist}extension.js`,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
    // vscode-languageclient is CommonJS; its `main` entry is the one to take.
    mainFields: ['main', 'module'],
    // Smaller to ship and faster to load; the package carries no source maps.
    minify: true,
    logLevel: 'warning',
    metafile: true,
  });
  // The extension is a thin LSP client: any source of the repository's packages in its bundle
  // (rather than in the server's) means it went around the protocol.
  const foreign = Object.keys(metafile.inputs).filter(
    (input) => !input.startsWith('extension/') && !input.includes('node_modules/'),
  );
  if (foreign.length) throw new Error(`the extension bundle takes in other packages' sources: ${foreign.join(', ')}`);
  return dist;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildExtension();
