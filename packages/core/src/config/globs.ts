import { relative, sep } from 'node:path';
import ignore from 'ignore';

type IgnoreFactory = typeof ignore;

/**
 * gitignore-style globs, relative to a directory: how every setting of a configuration that
 * names files reads its patterns (`ignore`, `apiServerConfigs`).
 */
export class RelativeGlobs {
  private readonly matcher: ReturnType<IgnoreFactory>;

  constructor(
    private readonly root: string,
    patterns: readonly string[] | string,
  ) {
    this.matcher = ignore().add(typeof patterns === 'string' ? patterns : [...patterns]);
  }

  /** True when an absolute path matches; a path outside the root never does. */
  matches(absolute: string): boolean {
    const rel = relative(this.root, absolute);
    // `ignore` takes relative POSIX paths only.
    if (rel === '' || rel.startsWith('..')) return false;
    return this.matcher.ignores(rel.split(sep).join('/'));
  }
}
