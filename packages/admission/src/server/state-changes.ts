// What a reload changes in the policy set, by name. A reload that drops policies weakens
// admission without any error (a file emptied, or cut where the YAML stays valid), so each
// policy and binding added or removed is logged by name and counted in the metrics.
import type { State } from '../state/state.js';
import type { StateFile } from './state-files.js';

export interface NameChanges {
  added: string[];
  removed: string[];
}

export interface StateChanges {
  policies: NameChanges;
  bindings: NameChanges;
}

function namesChanged(before: readonly { name: string }[], after: readonly { name: string }[]): NameChanges {
  const old = new Set(before.map((o) => o.name));
  const now = new Set(after.map((o) => o.name));
  return { added: [...now].filter((n) => !old.has(n)), removed: [...old].filter((n) => !now.has(n)) };
}

export function changesBetween(before: State, after: State): StateChanges {
  return { policies: namesChanged(before.policies, after.policies), bindings: namesChanged(before.bindings, after.bindings) };
}

/** Sizes of the files a state was built from, by path. */
export function fileSizes(files: readonly StateFile[]): Map<string, number> {
  return new Map(files.map((f) => [f.path, f.bytes?.byteLength ?? 0]));
}

function blank(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8').trim() === '';
}

/** Files that held something in the previous state and hold nothing (or only white space) now, with their previous size. */
export function emptiedFiles(
  before: ReadonlyMap<string, number>,
  files: readonly StateFile[],
): { file: string; previousBytes: number }[] {
  return files.flatMap((f) => {
    const previousBytes = before.get(f.path) ?? 0;
    return f.bytes !== undefined && previousBytes > 0 && blank(f.bytes) ? [{ file: f.path, previousBytes }] : [];
  });
}
