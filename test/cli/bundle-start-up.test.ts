// What the bundles (scripts/bundle-node.mjs) do for start-up, seen from outside:
// - the executables' scripts are ASCII (asciiRegularExpressions): one character beyond it
//   made a whole script a two-byte string, which the launcher decoded as UTF-8 and V8
//   scanned at twice the size, on every start and in every worker thread;
// - a lint loads no file through node's module loader (fdirWithoutOptionalPicomatch): fdir
//   looked picomatch up on disk, up the tree, on every start; nor child_process.
import { isAscii } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, manifests, removeTempDirs, runCli, tempDir } from './helpers.js';

afterAll(removeTempDirs);

const SCRIPTS = [
  'packages/cli/dist/platlint.script.js',
  'packages/admission/dist/worker.script.js',
  'packages/language-server/dist/server.script.js',
];

describe('the bundled scripts', () => {
  it.each(SCRIPTS)('%s is ASCII, with Go duration units beyond it written as escapes', (script) => {
    const text = readFileSync(join(REPO_ROOT, script));
    expect(isAscii(text)).toBe(true);
  });

  it("keeps the duration grammar's micro sign (µs, μs) as escapes in its pattern", () => {
    const text = readFileSync(join(REPO_ROOT, SCRIPTS[0] as string), 'latin1');
    expect(text).toContain('(ns|us|\\u00b5s|\\u03bcs|ms|s|m|h)');
  });

  it("a lint loads nothing from disk through node's module loader, only built-in modules", () => {
    const cwd = tempDir({ 'app.yaml': manifests.validDeployment('app') });
    const run = runCli(['lint', 'app.yaml'], { cwd, env: { NODE_DEBUG: 'module', PLATLINT_CODE_CACHE: '0' } });
    expect(run.status).toBe(0);
    // NODE_DEBUG=module names every lookup in node_modules directories and every file it loads.
    expect(run.stderr).toContain('Module._load REQUEST');
    expect(run.stderr.split('\n').filter((line) => /looking for|load "\//.test(line))).toEqual([]);
    // child_process (and the net and dgram it loads) is for `--cache`'s git check alone (lint-cache-location.ts).
    expect(run.stderr).not.toMatch(/REQUEST (node:)?child_process/);
  });
});
