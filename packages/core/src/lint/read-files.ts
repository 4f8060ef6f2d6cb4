import { SourceFile, type SourceOptions } from '../source/source-file.js';

/**
 * How many bytes of files read before the lint wait for it. A run reads its files a first
 * time to gather the CustomResourceDefinitions among them, before the lint, which needs them
 * from its first file on; keeping what that read gives saves the lint reading each file again
 * (an open, fstat, read and close per file: 4% of a lint of the real-world corpus). The lint
 * takes the files in the order they were kept and lets each go, so this is all the memory it
 * costs, at the start of the run, before the lint's own memory has grown; a larger run reads
 * the rest from disk as before. With 4 MiB, 10,000 generated documents (33 MB) were read twice
 * but for their first 4 MiB; with 64 MiB they are read once, at the same peak memory (147 and
 * 148 MiB): the bytes are let go file by file while the lint's own memory grows.
 */
export const KEPT_BYTES = 64 * 1024 * 1024;

/**
 * Files already read, for the lint of the same run: the bytes of the first ones (up to
 * `KEPT_BYTES`), and the files parsed while their definitions were gathered (few, and their
 * values are in the run's catalog anyway). Only the files the lint will read are kept, and
 * each is given once, to whoever takes it first: later reads go to the disk again, as the
 * lint of a `--fix` run's fixed files must.
 */
export class ReadFiles {
  private readonly files = new Map<string, SourceFile | Buffer>();
  /** Each wanted file's size as read: a run orders its files by size for its threads (cli's sizeUp) without asking the disk again. */
  private readonly sizes = new Map<string, number>();
  private bytesLeft: number;

  constructor(
    private readonly wanted: ReadonlySet<string>,
    budget = KEPT_BYTES,
  ) {
    this.bytesLeft = budget;
  }

  /** A file parsed already, `size` bytes long. */
  keepParsed(file: SourceFile, size: number): void {
    if (!this.wanted.has(file.path)) return;
    this.sizes.set(file.path, size);
    this.files.set(file.path, file);
  }

  /** A file's bytes, while the budget lasts (its size in any case). */
  keepBytes(path: string, bytes: Buffer): void {
    if (!this.wanted.has(path)) return;
    this.sizes.set(path, bytes.length);
    if (bytes.length > this.bytesLeft) return;
    this.bytesLeft -= bytes.length;
    this.files.set(path, bytes);
  }

  /** The size of a file as it was read, or undefined when it was not. */
  sizeOf(path: string): number | undefined {
    return this.sizes.get(path);
  }

  /** The file as read before, read with `options` when only its bytes were kept; undefined when it was not kept (or was taken). */
  take(path: string, options: SourceOptions): SourceFile | undefined {
    const kept = this.files.get(path);
    if (kept === undefined) return undefined;
    this.files.delete(path);
    return kept instanceof SourceFile ? kept : SourceFile.fromBytes(path, kept, options);
  }

  /** Lets a file go untaken (another thread of the run lints it, and reads it itself). */
  drop(path: string): void {
    this.files.delete(path);
  }

  /** Lets every file go. */
  clear(): void {
    this.files.clear();
  }
}
