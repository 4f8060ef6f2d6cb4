import { decodeSource } from '../source/decode.js';
import { readBoundedFileSync, readProblemOf } from '../source/read-bounded.js';
import { SourceFile, type SourceOptions } from '../source/source-file.js';

/**
 * The stage before any lint: a file's bytes, decoded and read as YAML. Reading is values
 * first (source/values-only-read.ts): documents js-yaml reads as the reader of record does
 * get their values without a syntax tree, which is parsed only when a position is asked for;
 * any other file goes through the reader of record whole (source/source-file.ts). An
 * unreadable file becomes a finding, not a crash.
 */
export function readSource(path: string, options: SourceOptions = {}): SourceFile {
  let bytes: Buffer;
  try {
    bytes = readBoundedFileSync(path, options.maxBytes);
  } catch (error) {
    return SourceFile.unread(path, readProblemOf(error));
  }
  return SourceFile.fromBytes(path, bytes, options);
}

/** A file's text as readSource decodes it; undefined when it cannot be read or decoded. */
export function readText(path: string, maxBytes?: number): string | undefined {
  try {
    const decoded = decodeSource(readBoundedFileSync(path, maxBytes));
    return decoded.ok ? decoded.text : undefined;
  } catch {
    return undefined;
  }
}
