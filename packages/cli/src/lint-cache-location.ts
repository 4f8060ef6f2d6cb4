// Where `lint --cache` keeps its file, and whether a file there may be trusted. The cache
// decides the verdict for every file it holds (a stored entry is reported without the file
// being linted), so a cache that came with the repository would let a pull request pass CI by
// editing it: by default it lives outside the tree, and a file that git tracks is refused.
import { createHash } from 'node:crypto';
import { existsSync, realpathSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join } from 'node:path';

/**
 * The cache file when `--cache-location` does not name one: as Prettier's and Babel's caches,
 * `node_modules/.cache/platlint/` of the nearest directory from `cwd` up that has a
 * `node_modules` (never committed, cleared by a fresh install); else the user's cache
 * directory (`$XDG_CACHE_HOME/platlint/`, or `~/.cache/platlint/`), one file per working
 * directory. Undefined when there is neither (no home).
 */
export function defaultLintCacheLocation(cwd: string, env: NodeJS.ProcessEnv): string | undefined {
  for (let dir = cwd; ; dir = dirname(dir)) {
    if (isDirectory(join(dir, 'node_modules'))) return join(dir, 'node_modules', '.cache', 'platlint', 'lint-cache.json');
    if (dirname(dir) === dir) break;
  }
  const userCache = env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : homeCache();
  if (userCache === undefined) return undefined;
  const project = createHash('sha256').update(cwd).digest('hex').slice(0, 16);
  return join(userCache, 'platlint', `lint-cache-${project}.json`);
}

function homeCache(): string | undefined {
  try {
    return join(homedir(), '.cache');
  } catch {
    return undefined; // no HOME and no password entry (a container's arbitrary user)
  }
}

function isDirectory(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
}

/**
 * Whether git tracks the file at `location`, wherever links lead to it (a tracked file reached
 * through a committed link to it, or to a directory above it, is still the repository's).
 * Without git, or outside a repository, nothing is tracked.
 */
export function isTrackedByGit(location: string): boolean {
  if (!existsSync(location)) return false;
  const real = realpathSync(location);
  // Loaded here, for `--cache` alone: child_process brings net and dgram with it, which every
  // other run would load at start-up for nothing.
  const { spawnSync } = process.getBuiltinModule('node:child_process');
  const git = spawnSync('git', ['ls-files', '--error-unmatch', '--', basename(real)], {
    cwd: dirname(real),
    stdio: 'ignore',
    timeout: 10_000,
  });
  return git.status === 0;
}
