// Where the code cache lives. Cached bytecode is code that V8 runs as if it came from the
// bundle, and Node 20's V8 trusts the file's contents: the directory must be one that only
// this user can write, and its files signed by this user (cache-key.mjs), or another user
// could make platlint run code of theirs.
import { mkdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';

/**
 * The cache directory this process should use, or undefined when the cache is off:
 * `PLATLINT_CODE_CACHE` (a directory, or `0` for none), else `$XDG_CACHE_HOME/platlint`,
 * else `~/.cache/platlint`.
 */
export function cacheDirectory(env = process.env) {
  const chosen = env.PLATLINT_CODE_CACHE;
  if (chosen === '0') return undefined;
  // V8's coverage of functions that come from a code cache is less precise.
  if (env.NODE_V8_COVERAGE) return undefined;
  if (chosen) return resolve(chosen);
  if (env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME)) return join(env.XDG_CACHE_HOME, 'platlint');
  try {
    return join(homedir(), '.cache', 'platlint');
  } catch {
    return undefined; // no HOME and no password entry (a container's arbitrary user)
  }
}

/** What privateDirectoryProblem says of a directory that is not there (nor anything else). */
export const MISSING = 'missing';

/**
 * Why `dir` is no place for the cache: undefined when it is a directory owned by this user
 * that no one else may write to, MISSING when there is none. This is a first line only: a
 * directory above it that others may write to lets them re-point the path after this check,
 * which is why every file is also checked as opened and signed (cache-key.mjs). Windows has
 * no such modes; there the default location is in the user's own profile.
 */
export function privateDirectoryProblem(dir) {
  let stats;
  try {
    stats = statSync(dir);
  } catch (error) {
    // Below a file, too.
    return error.code === 'ENOENT' || error.code === 'ENOTDIR'
      ? MISSING
      : `${dir} cannot be read (${error.code ?? error.message})`;
  }
  if (!stats.isDirectory()) return `${dir} is not a directory`;
  if (process.getuid === undefined) return undefined;
  if (stats.uid !== process.getuid()) return `${dir} belongs to uid ${stats.uid}, not ${process.getuid()}`;
  if (stats.mode & 0o022) return `${dir} has mode ${(stats.mode & 0o777).toString(8)}: others may write to it`;
  return undefined;
}

/** Creates `dir` (readable by this user only) if it is missing; throws when it is not private. */
export function ensurePrivateDirectory(dir) {
  makeDirectory(dir);
  const problem = privateDirectoryProblem(dir);
  if (problem) throw new Error(problem);
}

/**
 * Creates `dir`, and its parent when that is missing too (`~/.cache`), but nothing above: a
 * home directory that does not exist is no place for a cache. One level at a time, because
 * Node 20's `mkdirSync(dir, { recursive: true })` retries for ever where mkdir fails with
 * ENOENT below a directory that exists (in /proc, for one).
 */
function makeDirectory(dir, parents = 1) {
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    if (error.code === 'EEXIST') return;
    if (error.code !== 'ENOENT' || parents === 0) throw error;
    makeDirectory(dirname(dir), parents - 1);
    mkdirSync(dir, { mode: 0o700 });
  }
}
