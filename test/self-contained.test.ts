// A fresh clone has nothing beside it: every file the tests, packages, rules and scripts read
// must live in this repository. A relative path into the `shared` folder the
// project was first developed beside works only on the machines that have that folder.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const SKIPPED = new Set(['node_modules', 'dist', 'generated', 'corpus', 'cel-spec-tests', '.bench']);
const outside = new RegExp(['\\.\\./', 'shared\\b'].join(''));

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|mts|mjs|js|json|ya?ml|md)$/.test(entry.name)) yield path;
  }
}

describe('the repository is self-contained', () => {
  it('no test, package, rule or script refers to a folder beside the repository', () => {
    const offenders: string[] = [];
    let scanned = 0;
    for (const top of ['test', 'packages', 'rules', 'scripts']) {
      for (const file of sourceFiles(join(root, top))) {
        scanned++;
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (outside.test(line)) offenders.push(`${relative(root, file)}:${i + 1}: ${line.trim()}`);
          });
      }
    }
    expect(scanned).toBeGreaterThan(200);
    expect(offenders).toEqual([]);
  });

  it('the data the tests read is in the repository, with its sources named', () => {
    for (const file of [
      'test/corpus/realworld/SOURCES.md',
      'test/corpus/realworld/ERRORS.txt',
      'packages/cel/src/conformance/cel-spec-tests/LICENSE',
      'packages/core/data/api-types.json',
    ]) {
      expect(() => readFileSync(join(root, file)), file).not.toThrow();
    }
  });
});
