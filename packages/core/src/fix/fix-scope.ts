// Where `--fix` may write. A linted name can be a link: the fix goes to the file it leads
// to (renaming a new file over the link would turn it into a copy and leave its target
// unfixed), and only when that file's real path lies under a real path of what the user
// named, so that a link in the tree cannot have a fix written to a file outside it.
import { realpathSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { isDynamicPattern } from 'tinyglobby';

/**
 * The real paths of what the command line named. A glob stands for the directory before
 * its first pattern segment (`manifests/**\/*.yaml` for manifests). A name that cannot be
 * resolved names nothing to fix.
 */
export function fixRoots(named: readonly string[], cwd: string): string[] {
  const roots: string[] = [];
  for (const path of named) {
    const base = isDynamicPattern(path) ? staticPrefix(path) : path;
    try {
      roots.push(realpathSync(resolve(cwd, base)));
    } catch {
      // Gone, or never there: nothing under it is linted either.
    }
  }
  return roots;
}

function staticPrefix(pattern: string): string {
  const segments = pattern.split('/');
  const first = segments.findIndex((s) => isDynamicPattern(s));
  return segments.slice(0, first).join('/') || '.';
}

export type FixTarget = { real: string } | { problem: string };

/** The real file a fix of `path` goes to, or why there is none. */
export function fixTarget(path: string, roots: readonly string[]): FixTarget {
  let real: string;
  try {
    real = realpathSync(path);
  } catch (error) {
    return { problem: `cannot read it any more (${(error as NodeJS.ErrnoException).code ?? String(error)}); not fixed` };
  }
  const inside = roots.some((root) => real === root || real.startsWith(root.endsWith(sep) ? root : `${root}${sep}`));
  return inside ? { real } : { problem: `it leads to ${real}, outside the paths given; not fixed` };
}
