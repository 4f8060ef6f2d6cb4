// The state's files read once, as bytes: the main thread builds its state from them and
// hands the same bytes to the admission workers, so every thread decides with the same
// generation even when the files change meanwhile.
import { readBoundedFileSync, readProblemOf, SourceFile, type ReadProblem } from '@platlint/core';
import { manifestFiles, stateFromSources, type SkippedLink } from '../state/load.js';
import type { State } from '../state/state.js';

export interface StateFile {
  path: string;
  bytes?: Uint8Array;
  /** Why the file could not be read, when it could not. */
  unreadable?: ReadProblem;
}

/** Reads every manifest under the paths. Running out of descriptors throws: it says nothing about the files. */
export function readStateFiles(paths: readonly string[], onSkipped?: (skipped: SkippedLink) => void): StateFile[] {
  return manifestFiles(paths, onSkipped).map((path) => {
    try {
      return { path, bytes: readBoundedFileSync(path) };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EMFILE' || code === 'ENFILE') throw error;
      return { path, unreadable: readProblemOf(error) };
    }
  });
}

export function stateFromFiles(files: readonly StateFile[]): State {
  return stateFromSources(
    files.map((f) =>
      f.bytes
        ? SourceFile.fromBytes(f.path, f.bytes)
        : SourceFile.unread(f.path, f.unreadable ?? { tooLarge: false, reason: 'unknown error' }),
    ),
  );
}
