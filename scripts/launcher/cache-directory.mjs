// Where the code cache lives. Cached bytecode is code that V8 runs as if it came from the
// bundle, and Node 20's V8 trusts the file's contents: the directory must be one that only
// this user can write, or another user could make platlint run code of theirs.
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

/**
 * Whether `dir` is a directory owned by this user that no one else may write to. Windows has
 * no such modes; there the default location is in the user's own profile.
 */
export function isPrivateDirectory(dir) {
  let stats;
  try {
    stats = statSync(dir);
  } catch {
    return false; // missing, or below a file
  }
  if (!stats.isDirectory()) return false;
  return process.getuid === undefined || (stats.uid === process.getuid() && (stats.mode & 0o022) === 0);
}

/** Creates `dir` (readable by this user only) if it is missing; true when it is private. */
export function ensurePrivateDirectory(dir) {
  makeDirectory(dir);
  return isPrivateDirectory(dir);
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
