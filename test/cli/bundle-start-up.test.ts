// What a lint loads at start-up, seen from outside: no file through node's module loader
// (scripts/bundle-node.mjs, fdirWithoutOptionalPicomatch: fdir looked picomatch up on disk,
// up the tree, on every start), nor child_process.
import { afterAll, describe, expect, it } from 'vitest';
import { manifests, removeTempDirs, runCli, tempDir } from './helpers.js';

afterAll(removeTempDirs);

describe('the bundled CLI', () => {
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
