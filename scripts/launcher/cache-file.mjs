// One code cache file: its name, and reading and writing it so that no process ever takes a
// damaged or foreign file for a good one.
//
// A file is an HMAC-SHA256 followed by V8's data. The MAC is keyed with the directory's secret
// (cache-key.mjs), so only this user's runs can make a file that passes, and it covers the
// file's name, which stands for the bundle's content (bundle-file.mjs): V8 itself checks only
// the source's length, its own version and its flags, so a file made from another build of
// the same length would otherwise be taken, and Node 20's V8 does not checksum the data (a
// flipped byte can crash it, or worse, run).
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { closeSync, openSync, readdirSync, renameSync, rmSync, statSync, writevSync } from 'node:fs';
import { join } from 'node:path';
import { readOwnFile } from './own-file.mjs';

const MAC_BYTES = 32;
/** Cache files kept per executable: a few versions in use side by side each keep theirs. */
const KEEP = 4;

/**
 * The file name for `name`'s bundle of `identity` (bundle-file.mjs) under this Node.js: a new
 * bundle, Node version, architecture or set of V8 flags gets a file of its own instead of one
 * V8 rejects.
 */
export function cacheFileName(name, identity) {
  const runtime = [
    process.version,
    process.versions.v8,
    process.arch,
    process.platform,
    process.execArgv,
    process.env.NODE_OPTIONS ?? '',
  ];
  const key = createHash('sha256')
    .update(JSON.stringify([identity, ...runtime]))
    .digest('hex')
    .slice(0, 40);
  return `${name}.${key}.bin`;
}

const mac = (key, fileName, data) => createHmac('sha256', key).update(fileName).update(data).digest();

/**
 * V8's data from `dir/fileName`, or undefined when it is missing or not intact (damaged, or
 * not made with `key`); a Refusal (own-file.mjs) when the file is not this user's alone.
 */
export function readCacheFile(dir, fileName, key) {
  const bytes = readOwnFile(join(dir, fileName));
  if (bytes === undefined || bytes.length <= MAC_BYTES) return undefined;
  const data = bytes.subarray(MAC_BYTES);
  return timingSafeEqual(mac(key, fileName, data), bytes.subarray(0, MAC_BYTES)) ? data : undefined;
}

/**
 * Writes `dir/fileName` whole or not at all: into a temporary file of this process, renamed
 * over the old one, so concurrent runs read either file complete. `makeData` is called only
 * once the file could be opened (producing the data costs milliseconds); `key` signs it. The oldest files of
 * the same executable beyond the last few are then removed.
 */
export function writeCacheFile(dir, fileName, key, makeData) {
  const path = join(dir, fileName);
  const temporary = `${path}.${randomUUID()}.tmp`;
  // 'wx': never through a file or link that is already there.
  const fd = openSync(temporary, 'wx', 0o600);
  try {
    try {
      const data = makeData();
      // A short write would leave a file that fails its MAC; better not to rename it.
      if (writevSync(fd, [mac(key, fileName, data), data]) !== MAC_BYTES + data.length) throw new Error('short write');
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  prune(dir, fileName.slice(0, fileName.indexOf('.') + 1)); // the executable's files
}

/**
 * A temporary file this old belongs to a run that died while writing it (a write takes
 * milliseconds); a younger one may be another run's, still being written.
 */
const ABANDONED_AFTER_MS = 10 * 60 * 1000;

/**
 * Removes all but the KEEP most recently written files whose names start with `prefix`, and
 * abandoned temporary files, which do not count among the kept ones.
 */
function prune(dir, prefix) {
  const files = [];
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(prefix)) continue;
    const stats = statSync(join(dir, name), { throwIfNoEntry: false });
    if (!stats) continue;
    if (!name.endsWith('.tmp')) files.push({ name, written: stats.mtimeMs });
    else if (Date.now() - stats.mtimeMs > ABANDONED_AFTER_MS) rmSync(join(dir, name), { force: true });
  }
  files.sort((a, b) => b.written - a.written);
  for (const { name } of files.slice(KEEP)) rmSync(join(dir, name), { force: true });
}
