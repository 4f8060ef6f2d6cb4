// Writing `--fix` results back. Fix ranges are offsets into the text that was linted, so
// they are applied only while the file still holds exactly that text; the new text goes to
// a temporary file beside it that then replaces the file in one rename, keeping its mode.
// Whatever goes wrong with one file is reported for that file and the run goes on.
import { hash, randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, realpathSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { readBoundedFileSync, readFailureReason } from '../source/read-bounded.js';
import { applyFixes } from './apply-fixes.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * The fingerprint of a linted text, taken when it was read. A run takes one of every file
 * with deferred checks (deferral.ts): the one-shot `hash` costs about two thirds of a Hash
 * object's update and digest on a 40 KB manifest.
 */
export function textDigest(text: string): string {
  return hash('sha256', text);
}

export type FixOutcome = { written: true; applied: number } | { written: false; applied: 0; problem?: string };

/** Writes to the file `path` leads to: renaming over a link would replace the link with a copy. */
export function writeFixes(linkedPath: string, diagnostics: readonly Diagnostic[], lintedDigest: string | undefined): FixOutcome {
  let path: string;
  let bytes: Buffer;
  let mode: number;
  try {
    path = realpathSync(linkedPath);
    bytes = readBoundedFileSync(path);
    mode = statSync(path).mode & 0o7777;
  } catch (error) {
    return { written: false, applied: 0, problem: `cannot read it any more (${readFailureReason(error)}); not fixed` };
  }
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return { written: false, applied: 0, problem: 'it is no longer valid UTF-8; not fixed' };
  }
  if (lintedDigest === undefined || textDigest(text) !== lintedDigest)
    return { written: false, applied: 0, problem: 'it changed after it was linted; not fixed (run again)' };
  // Someone marked it read-only; a rename would replace it anyway, so respect the mark.
  if ((mode & 0o222) === 0)
    return { written: false, applied: 0, problem: `it is read-only (mode ${mode.toString(8).padStart(4, '0')}); not fixed` };
  const fixed = applyFixes(text, diagnostics);
  if (fixed.applied === 0) return { written: false, applied: 0 };
  const hadBom = bytes.subarray(0, 3).equals(BOM);
  const temporary = join(dirname(path), `.${basename(path)}.platlint-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  try {
    const fd = openSync(temporary, 'wx', mode);
    try {
      if (hadBom) writeSync(fd, BOM);
      writeSync(fd, fixed.text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
  } catch (error) {
    try {
      unlinkSync(temporary);
    } catch {
      // It may never have been created.
    }
    return {
      written: false,
      applied: 0,
      problem: `cannot write it (${(error as NodeJS.ErrnoException).code ?? String(error)}); not fixed`,
    };
  }
  return { written: true, applied: fixed.applied };
}
