// The kit's `..` test, which several Deployment rules share for mount, volume, device and env
// file paths: it must find exactly the `..` elements of a path split on '/', as upstream
// validatePathNoBacksteps (pkg/apis/core/validation/validation.go) does.
import { describe, expect, it } from 'vitest';
import { hasBacksteps } from './names.js';

describe('hasBacksteps (validatePathNoBacksteps)', () => {
  it.each(['..', '../a', 'a/..', 'a/../b', '/..', '../', 'a//../b', '/a/b/..'])('finds the `..` element of %j', (path) => {
    expect(hasBacksteps(path)).toBe(true);
  });

  it.each(['', 'a', '.', './a', '...', 'a..', '..a', 'a/..b', 'b../a', 'a/.../b', '..\\a', 'a\\..\\b', '/a/b/'])(
    'finds none in %j',
    (path) => {
      expect(hasBacksteps(path)).toBe(false);
    },
  );

  it('agrees with a split on / for every path of up to four characters of ., / and a', () => {
    const alphabet = ['.', '/', 'a'];
    let paths = [''];
    for (let length = 1; length <= 4; length++) {
      paths = paths.flatMap((path) => alphabet.map((c) => path + c));
      for (const path of paths) expect(hasBacksteps(path), path).toBe(path.split('/').includes('..'));
    }
  });
});
