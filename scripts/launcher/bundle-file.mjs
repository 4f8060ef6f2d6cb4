// Reading the bundle, and what stands for its contents in the name of its code cache.
//
// V8 checks only that a cache was made from a source of the same length (and under its own
// version and flags), so the name must change whenever the bundle's bytes may have. Hashing
// the whole bundle on every run (3.5 MB: several milliseconds, a run's largest fixed cost
// after compiling) is not needed for that: the build writes the bundle's SHA-256 into the
// launcher beside it (scripts/bundle-node.mjs), which covers every build, and the file's size
// and modification time, read on the descriptor the bytes come from, cover a bundle changed
// by hand. Neither the path, the inode nor the change time: a copy that keeps the
// modification time (an archive unpacked, a CI cache restored, `cp -p`) keeps its cache. (npm
// dates the files it installs anew: each install makes its cache once.)
import { closeSync, fstatSync, openSync, readFileSync } from 'node:fs';

/**
 * The bundle's bytes, and its identity for the cache's name: undefined when the file changed
 * while it was read (a build writing it), whose bytes may then be half of each.
 */
export function readBundle(path, digest) {
  const fd = openSync(path, 'r');
  try {
    const before = fstatSync(fd, { bigint: true });
    const bytes = readFileSync(fd);
    const after = fstatSync(fd, { bigint: true });
    const unchanged = before.size === after.size && before.mtimeNs === after.mtimeNs && after.size === BigInt(bytes.length);
    return { bytes, identity: unchanged ? `${digest} ${after.size} ${after.mtimeNs}` : undefined };
  } finally {
    closeSync(fd);
  }
}
