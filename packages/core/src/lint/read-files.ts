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
  private bytesLeft: number;

  constructor(
    private readonly wanted: ReadonlySet<string>,
    budget = KEPT_BYTES,
  ) {
    this.bytesLeft = budget;
  }

  /** A file parsed already. */
  keepParsed(file: SourceFile): void {
    if (this.wanted.has(file.path)) this.files.set(file.path, file);
  }

  /** A file's bytes, while the budget lasts. */
  keepBytes(path: string, bytes: Buffer): void {
    if (!this.wanted.has(path) || bytes.length > this.bytesLeft) return;
    this.bytesLeft -= bytes.length;
    this.files.set(path, bytes);
  }

  /** The file as read before, read with `options` when only its bytes were kept; undefined when it was not kept (or was taken). */
  take(path: string, options: SourceOptions): SourceFile | undefined {
    const kept = this.files.get(path);
    if (kept === undefined) return undefined;
    this.files.delete(path);
    return kept instanceof SourceFile ? kept : SourceFile.fromBytes(path, kept, options);
  }

  /** Lets every file go (a run on worker threads reads its files there). */
  clear(): void {
    this.files.clear();
  }
}
