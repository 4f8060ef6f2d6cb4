// The secret that signs a cache directory's files: V8 runs cached bytecode as if it came from
// the bundle, so only bytes this user's platlint wrote may ever be used.
//
// Why a key and not (only) checks of the directories: checking that the cache directory and
// every directory above it are writable by this user alone, then opening the file by its
// path, is only as good as the path staying put between the two, and Node has no openat()
// to walk a path one checked directory at a time; a directory that another user can write
// to anywhere above the cache (a shared XDG_CACHE_HOME, a PLATLINT_CODE_CACHE in /tmp) lets
// them swap what the path reaches in between. A MAC does not depend on the path: a cache
// file is used only when its HMAC, under a key read from a file that is checked on its open
// descriptor to be this user's and readable by no one else, matches. Another user can
// neither read that key nor make a file of this user's, so whatever directory the path
// reached, no file of theirs passes (root can do both, and anything else too).
import { randomBytes, randomUUID } from 'node:crypto';
import { linkSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Refusal, readOwnFile } from './own-file.mjs';

/** The key's file in the cache directory; no executable's cache files start with `key.`. */
export const KEY_FILE = 'key';
const KEY_BYTES = 32;

/** The directory's key, or undefined when it has none yet; a Refusal when it is not private. */
export function readCacheKey(dir) {
  const key = readOwnFile(join(dir, KEY_FILE), { secret: true });
  if (key !== undefined && key.length !== KEY_BYTES)
    throw new Refusal(`${join(dir, KEY_FILE)} is not a key (${key.length} bytes)`);
  return key;
}

/**
 * The directory's key, made when it has none. It is written whole under a temporary name and
 * then linked to its own, which fails if a run alongside made one first: every run then reads
 * the same key.
 */
export function ensureCacheKey(dir) {
  const existing = readCacheKey(dir);
  if (existing) return existing;
  const temporary = join(dir, `${KEY_FILE}.${randomUUID()}.tmp`);
  writeFileSync(temporary, randomBytes(KEY_BYTES), { flag: 'wx', mode: 0o600 });
  try {
    linkSync(temporary, join(dir, KEY_FILE));
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
  const key = readCacheKey(dir);
  if (!key) throw new Error(`${join(dir, KEY_FILE)} vanished once written`);
  return key;
}
