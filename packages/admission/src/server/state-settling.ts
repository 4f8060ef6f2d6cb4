// When the state's files may be read. A file being written (an editor's save, `cp`, a
// `kubectl cp`, a copy over the network) passes through sizes that are valid YAML with fewer
// objects: read then, it would load as a good state without some policies. So a reload waits
// until the files have stopped changing: the same paths, sizes, modification times and inodes
// (state-source.ts, `fingerprint`) over a settle interval.
//
// A ConfigMap volume needs no wait. The kubelet writes a new version into a fresh hidden
// directory (`..2024_05_01_10_00_00.123456789`), then switches the `..data` link to it with one
// rename; the visible files are links through `..data` (kubernetes pkg/volume/util/
// atomic_writer.go, AtomicWriter.Write). Once `..data` points elsewhere, the new version is
// complete, and every visible file shows it at the same moment (links to keys the version
// added are made before the rename and lead nowhere until it; links to keys it dropped lead
// nowhere after it, and the walk passes over such links). That version is taken at once.
import { lstatSync, realpathSync } from 'node:fs';
import { join, sep } from 'node:path';

const PUBLISHED_LINK = '..data';

/** Whether a fingerprint has held still for the settle interval. */
export class Settling {
  private seen: { print: string; since: number } | undefined;

  constructor(readonly settleMs: number) {}

  /** Milliseconds still to wait before `print` counts as settled; 0 once it has held that long. */
  wait(print: string, now: number): number {
    if (this.seen?.print !== print) {
      this.seen = { print, since: now };
      return this.settleMs;
    }
    return Math.max(0, this.settleMs - (now - this.seen.since));
  }

  forget(): void {
    this.seen = undefined;
  }
}

/** The directories the `..data` links of the state's directories lead to now (ConfigMap and Secret volumes), one per line. */
export function publishedVersions(paths: readonly string[]): string {
  const out: string[] = [];
  for (const path of paths) {
    const link = join(path, PUBLISHED_LINK);
    try {
      if (lstatSync(link).isSymbolicLink()) out.push(realpathSync(link));
    } catch {
      // No such link (not a volume of this kind, or a file path): nothing published here.
    }
  }
  return out.join('\n');
}

/** Every file lies inside one of the published directories: nothing outside a kubelet swap can be mid-write. */
export function allPublished(files: readonly string[], published: string): boolean {
  if (published === '' || files.length === 0) return false;
  const roots = published.split('\n').map((dir) => `${dir}${sep}`);
  return files.every((file) => {
    try {
      const real = realpathSync(file);
      return roots.some((root) => real.startsWith(root));
    } catch {
      return false;
    }
  });
}
