import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { readBoundedFileSync, readBoundedStream, readProblemOf, UnreadableFileError } from './read-bounded.js';

const dir = mkdtempSync(join(tmpdir(), 'platlint-read-bounded-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readBoundedFileSync', () => {
  it('reads a file of the limit exactly and refuses one byte more, saying its size', () => {
    writeFileSync(join(dir, 'at.yaml'), 'x'.repeat(10));
    writeFileSync(join(dir, 'over.yaml'), 'x'.repeat(11));
    expect(readBoundedFileSync(join(dir, 'at.yaml'), 10).toString()).toBe('x'.repeat(10));
    expect(() => readBoundedFileSync(join(dir, 'over.yaml'), 10)).toThrow(UnreadableFileError);
    expect(readProblemOf(catching(() => readBoundedFileSync(join(dir, 'over.yaml'), 10)))).toEqual({
      tooLarge: true,
      size: 11,
      limit: 10,
    });
  });

  it('keeps counting past the size fstat gave (a /proc file says 0)', () => {
    // /proc/self/status is a regular file of size 0 that holds a few hundred bytes.
    expect(readBoundedFileSync('/proc/self/status').length).toBeGreaterThan(0);
    expect(() => readBoundedFileSync('/proc/self/status', 16)).toThrow('over the limit of 16 bytes');
  });

  // The read system calls of this thread, from Linux's own count (/proc/thread-self/io).
  const readCalls = (): number => Number(/^syscr: (\d+)$/m.exec(readFileSync('/proc/thread-self/io', 'utf8'))?.[1]);
  it.skipIf(!existsSync('/proc/thread-self/io'))('reads a regular file of the size fstat gave in one read', () => {
    const file = join(dir, 'one-read.yaml');
    writeFileSync(file, 'kind: Pod\n'.repeat(1000));
    // What asking for the count costs itself, measured as it is used.
    const before = readCalls();
    const asking = readCalls() - before;
    const start = readCalls();
    expect(readBoundedFileSync(file).length).toBe(10_000);
    expect(readCalls() - start - asking).toBe(1);
  });

  it('refuses a directory as not a regular file; errors of the system pass through', () => {
    expect(() => readBoundedFileSync(dir)).toThrow('not a regular file (a directory)');
    expect(readProblemOf(catching(() => readBoundedFileSync(join(dir, 'missing.yaml'))))).toEqual({
      tooLarge: false,
      reason: 'ENOENT',
    });
  });
});

describe('readBoundedStream', () => {
  it('stops taking chunks once past the limit', async () => {
    let taken = 0;
    const stream = Readable.from(
      (function* () {
        for (let i = 0; i < 100; i++) {
          taken++;
          yield Buffer.alloc(4, 'a');
        }
      })(),
    );
    await expect(readBoundedStream(stream, 10)).rejects.toThrow('over the limit of 10 bytes');
    expect(taken).toBeLessThan(100);
    expect((await readBoundedStream(Readable.from([Buffer.from('abc'), Buffer.from('de')]), 5)).toString()).toBe('abcde');
  });
});

function catching(f: () => unknown): unknown {
  try {
    f();
  } catch (error) {
    return error;
  }
  throw new Error('did not throw');
}
