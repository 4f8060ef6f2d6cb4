// The one way platlint reads a file a user gave it (a manifest, a configuration, a state
// file, a test case) or its standard input: regular files only, and never more than the
// limit. A name can lead to /dev/zero, a FIFO or a terminal, and a read without bound
// there never ends: the process grows until it is killed, and a server stops answering.
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';

/** What one file (or standard input) may hold: larger input is refused, not read. */
export const MAX_SOURCE_BYTES = 32 * 1024 * 1024;

/** A file refused before or while it was read; errors of the system (ENOENT, EACCES) pass through as they are. */
export class UnreadableFileError extends Error {
  constructor(
    readonly reason: 'not-a-file' | 'too-large',
    message: string,
    /** For too-large: the size fstat gave, when the file said it up front. */
    readonly size?: number,
    readonly limit?: number,
  ) {
    super(message);
  }
}

const tooLarge = (limit: number, size?: number): UnreadableFileError =>
  new UnreadableFileError(
    'too-large',
    size === undefined ? `over the limit of ${limit} bytes` : `${size} bytes, over the limit of ${limit}`,
    size,
    limit,
  );

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isFIFO()) return 'a named pipe';
  if (stats.isSocket()) return 'a socket';
  return 'not a file';
}

// Opening a FIFO for reading would wait for a writer; non-blocking, the open returns and
// fstat says what it is. Regular files ignore the flag. (Windows has no such flag or FIFOs.)
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/**
 * The bytes of a regular file, read through one descriptor: what it is is asked of the
 * opened descriptor (fstat), so a link swapped after a check cannot lead elsewhere, and the
 * count is kept while reading, as a file can grow (or /proc report size 0).
 */
export function readBoundedFileSync(path: string, limit = MAX_SOURCE_BYTES): Buffer {
  const fd = openSync(path, OPEN_FLAGS);
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new UnreadableFileError('not-a-file', `not a regular file (${kindOf(stats)})`);
    if (stats.size > limit) throw tooLarge(limit, stats.size);
    return readUpTo(fd, limit, stats.size);
  } finally {
    closeSync(fd);
  }
}

/**
 * At most limit + 1 bytes, the one more telling that there is more. Once the file has given
 * the size fstat said, a read short of the room left is its end: asking again only to be told
 * 0 was one system call more per file (a file that grows fills the room, and is read on).
 */
function readUpTo(fd: number, limit: number, expected: number): Buffer {
  let buffer = Buffer.allocUnsafe(Math.min(expected, limit) + 1);
  let length = 0;
  for (;;) {
    if (length > limit) throw tooLarge(limit);
    if (length === buffer.length) {
      const larger = Buffer.allocUnsafe(Math.min(buffer.length * 2, limit + 1));
      buffer.copy(larger, 0, 0, length);
      buffer = larger;
    }
    const room = buffer.length - length;
    const read = readSync(fd, buffer, length, room, null);
    length += read;
    if (read === 0 || (length === expected && read < room)) return buffer.subarray(0, length);
  }
}

/** A stream (standard input) read up to the limit: past it, reading stops and the rest is left unread. */
export async function readBoundedStream(stream: AsyncIterable<Uint8Array | string>, limit = MAX_SOURCE_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    chunks.push(bytes);
    length += bytes.length;
    // Leaving the loop ends the stream (its iterator's return destroys it).
    if (length > limit) throw tooLarge(limit);
  }
  return Buffer.concat(chunks, length);
}

/** Why a file was not read, as plain data: the webhook hands it to its worker threads. */
export type ReadProblem = { tooLarge: true; size?: number | undefined; limit: number } | { tooLarge: false; reason: string };

export function readProblemOf(error: unknown): ReadProblem {
  if (error instanceof UnreadableFileError && error.reason === 'too-large')
    return { tooLarge: true, size: error.size, limit: error.limit ?? MAX_SOURCE_BYTES };
  return { tooLarge: false, reason: readFailureReason(error) };
}

/** Why a read failed, in a few words: ours (not a regular file, over the limit) or the system's errno code. */
export function readFailureReason(error: unknown): string {
  return error instanceof UnreadableFileError ? error.message : ((error as NodeJS.ErrnoException).code ?? String(error));
}
