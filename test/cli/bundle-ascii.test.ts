// The executables' scripts are ASCII (scripts/bundle-node.mjs, asciiRegularExpressions): one
// character beyond it made a whole script a two-byte string, which the launcher decoded as
// UTF-8 and V8 scanned at twice the size, on every start and in every worker thread.
import { isAscii } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './helpers.js';

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
});
