// Packages the extension as a .vsix: type-checks it, builds dist/ (scripts/build.mjs), and runs
// `vsce package`. Works offline: everything the extension needs is bundled into dist/, so vsce
// is told not to look for dependencies, and packaging makes no marketplace call.
//
//   node extension/scripts/package.mjs [--out FILE.vsix]
//
// Prints the path of the .vsix it wrote.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildExtension } from './build.mjs';

const extension = fileURLToPath(new URL('..', import.meta.url));
const root = fileURLToPath(new URL('../..', import.meta.url));
const manifest = JSON.parse(readFileSync(join(extension, 'package.json'), 'utf8'));
const { values } = parseArgs({ options: { out: { type: 'string' } } });
const out = resolve(values.out ?? join(extension, `${manifest.name}-${manifest.version}.vsix`));

const require = createRequire(join(root, 'package.json'));
const tsc = join(dirname(require.resolve('typescript/package.json')), 'bin/tsc');
const vsce = join(dirname(require.resolve('@vscode/vsce/package.json')), 'vsce');

execFileSync(process.execPath, [tsc, '-p', join(extension, 'tsconfig.json')], { stdio: 'inherit' });
await buildExtension();
execFileSync(process.execPath, [vsce, 'package', '--no-dependencies', '--allow-missing-repository', '--out', out], {
  cwd: extension,
  // No standard input: a question from vsce (a missing LICENSE, say) fails the build instead of waiting.
  stdio: ['ignore', 'inherit', 'inherit'],
});
console.log(out);
