// What a lint loads at start-up, seen from outside: no file through node's module loader
// (scripts/bundle-node.mjs, fdirWithoutOptionalPicomatch: fdir looked picomatch up on disk,
// up the tree, on every start), nor child_process; and the bundles it is made of are ASCII.
import { isAscii } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { specSchema, widgetDefinition } from '../../packages/admission/src/test-support/objects.js';
import { REPO_ROOT, allDiagnostics, lintJson, manifests, removeTempDirs, runCli, tempDir } from './helpers.js';

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

  it('is ASCII, as are the admission worker and the language server, so that their launchers decode them as Latin-1 (scripts/ascii-regexps.mjs)', () => {
    for (const script of [
      'packages/cli/dist/platlint.script.js',
      'packages/admission/dist/worker.script.js',
      'packages/language-server/dist/server.script.js',
    ])
      expect(isAscii(readFileSync(join(REPO_ROOT, script))), script).toBe(true);
  });

  it('reads a duration in microseconds written with either mu, whose regular expression the build rewrote in ASCII', () => {
    const field = { type: 'string', format: 'duration' };
    const crd = widgetDefinition([
      { name: 'v1', served: true, storage: true, schema: specSchema({ micro: field, mu: field, mojibake: field }) },
    ]);
    const cwd = tempDir({
      'crd.yaml': JSON.stringify(crd),
      // MICRO SIGN and GREEK SMALL LETTER MU, as Go's time.ParseDuration takes both; the third is the first read as Latin-1.
      'widget.yaml':
        'apiVersion: example.plat.io/v1\nkind: Widget\nmetadata: {name: t, namespace: default}\nspec: {micro: 5\u00b5s, mu: 5\u03bcs, mojibake: 5\u00c2\u00b5s}\n',
    });
    const { report } = lintJson(['.'], { cwd, env: { PLATLINT_CODE_CACHE: '0' } });
    expect(allDiagnostics(report).map((d) => `${d.ruleId} ${d.path}`)).toEqual(['schema/format spec.mojibake']);
  });
});
