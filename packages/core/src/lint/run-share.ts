import { compareDiagnostics } from '../diagnostics.js';
import type { LintObject } from '../rules/rule.js';
import { deferralOf, deferredFindAnything, placeDeferred, reopenForPositions, type Deferral } from './deferral.js';
import { nextFile } from './file-memo.js';
import { withDigest } from './fix-loop.js';
import { readSource } from './read-source.js';
import { mayHoldSuppressions } from './suppressions.js';
import { RunIndex } from './run-index.js';
import type { CrossDocumentIndex, IndexedResult, LintEngine, PortableEntry, ShareOptions } from './run.js';

/** What the first pass keeps of one file. */
interface FirstPass {
  path: string;
  /** Its findings; undefined when the second pass lints it whole (it has inline suppressions). */
  result: IndexedResult | undefined;
  /** The checks it waits for the whole index to run (deferral.ts). */
  deferral: Deferral | undefined;
  /** Its index entries, when the share keeps them (for a cache). */
  entries: PortableEntry[] | undefined;
}

/**
 * The files of one thread, linted in two passes so that only one syntax tree is alive at a
 * time. The first pass (`RunShare.read`) reads each file, adds its entries to the index and,
 * when no cross-document rule checks any of its objects, lints it there and then; the
 * cross-document checks of the others are deferred (deferral.ts). The files are taken one at
 * a time from a queue, so threads can draw from a common queue as each becomes free (see the
 * CLI's parallel run). `finish` is the second pass, once every share's index is known.
 */
export class RunShare {
  /** The files this share took, in the order it took them. */
  readonly paths: readonly string[];

  private constructor(
    private readonly engine: LintEngine,
    private readonly files: readonly FirstPass[],
    /** This share's part of the run's cross-document index. */
    readonly index: readonly LintObject[],
  ) {
    this.paths = files.map((f) => f.path);
  }

  /** The first pass over the files `queue` gives, read and linted one at a time. */
  static read(engine: LintEngine, queue: Iterable<string>, options: ShareOptions = {}): RunShare {
    const files: FirstPass[] = [];
    const index: LintObject[] = [];
    for (const path of queue) {
      nextFile();
      if (options.onProgress && files.length % 100 === 99) options.onProgress(files.length + 1);
      const read = engine.sourceOptionsFor(path);
      const source = options.read?.take(path, read) ?? readSource(path, read);
      const { entries, needsIndex } = engine.crossDocumentRole(source);
      index.push(...entries);
      const portable = options.keepIndex ? engine.toPortable(entries) : undefined;
      const kept = keepingIndex(portable, needsIndex);
      if (!needsIndex) {
        files.push({ path, result: kept(engine.lintSource(source)), deferral: undefined, entries: portable });
      } else if (mayHoldSuppressions(source)) {
        // Whether a suppression is used depends on every finding: the second pass lints it whole.
        files.push({ path, result: undefined, deferral: undefined, entries: portable });
      } else {
        const { deferred, ...result } = engine.lintSource(source, [], { deferCrossDocument: true });
        files.push({ path, result: kept(result), deferral: deferred && deferralOf(source, deferred), entries: portable });
      }
    }
    return new RunShare(engine, files, index);
  }

  /**
   * The second pass, with the whole run's index (this share's entries included): the
   * deferred cross-document checks run on values alone, and only a file they find something
   * in is read again, to place their findings beside those of the first pass. A file with
   * suppressions, or one that changed since the first pass, is linted again whole.
   */
  finish(index: CrossDocumentIndex): IndexedResult[] {
    const ordered = new RunIndex(index);
    const { engine } = this;
    return this.files.map(({ path, result, deferral, entries }) => {
      nextFile();
      if (result && !(deferral && deferredFindAnything(deferral.checks, ordered, engine.catalog))) return result;
      const source = result && deferral && reopenForPositions(path, deferral, engine.sourceOptions);
      if (result && deferral && source) {
        const placed = placeDeferred(source, deferral.checks, engine.configFor(path), ordered, engine.catalog);
        const diagnostics = [...result.diagnostics, ...placed].sort(compareDiagnostics);
        return { ...result, ...withDigest({ ...result, diagnostics }, source) };
      }
      return keepingIndex(entries, true)(engine.lintSource(readSource(path, engine.sourceOptionsFor(path)), ordered));
    });
  }
}

/** A result with the file's index entries, when the share keeps them (for a cache). */
function keepingIndex(entries: PortableEntry[] | undefined, needsIndex: boolean): (result: IndexedResult) => IndexedResult {
  return (result) => (entries ? { ...result, index: entries, needsIndex } : result);
}
