// Reading a file of the code cache so that what is read is what was checked: the checks are
// made on the open descriptor (fstat), never by looking the path up a second time, which
// another user who can write to some directory above it could have re-pointed in between.
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';

/** The cache will not use a file: its message says why (NODE_DEBUG=platlint-code-cache). */
export class Refusal extends Error {}

/**
 * The bytes of `path`, or undefined when there is no such file. It must be a regular file of
 * this user's that no one else may write to; a `secret` one that no one else may read either,
 * and that has no other name (a hard link made elsewhere, by someone who knows its contents,
 * is not a secret of ours). Throws a Refusal otherwise.
 */
export function readOwnFile(path, { secret = false } = {}) {
  let fd;
  try {
    // O_NOFOLLOW: not through a symbolic link put in the file's place; O_NONBLOCK: a FIFO put
    // there cannot make the open wait for ever (reads of a regular file ignore the flag).
    fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    if (error.code === 'ENOENT') return undefined;
    throw new Refusal(`${path} cannot be opened (${error.code ?? error.message})`);
  }
  try {
    const problem = ownFileProblem(fstatSync(fd), secret);
    if (problem) throw new Refusal(`${path} ${problem}`);
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

function ownFileProblem(stats, secret) {
  if (!stats.isFile()) return 'is not a regular file';
  // Windows has no such modes; there the cache is in the user's own profile.
  if (process.getuid === undefined) return undefined;
  if (stats.uid !== process.getuid()) return `belongs to uid ${stats.uid}, not ${process.getuid()}`;
  if (stats.mode & (secret ? 0o077 : 0o022))
    return `has mode ${(stats.mode & 0o777).toString(8)}: others may ${secret ? 'read or write' : 'write'} it`;
  if (secret && stats.nlink !== 1) return `has ${stats.nlink} names`;
  return undefined;
}
