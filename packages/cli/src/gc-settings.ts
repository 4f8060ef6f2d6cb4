// V8's garbage collector, tuned for batch runs such as `lint` (not for the webhook: see
// src/prelude.ts). Measured with node test/bench/process.bench.mjs and alternating runs:
//
// - Heap growth. A run keeps little (findings and the cross-document index: 30-40 MB on
//   10,000 documents), but each file's syntax trees live for the few milliseconds the file
//   takes, long enough to survive two young-generation collections and be promoted. V8 sets
//   the next full collection at up to about four times the live heap when collections are
//   cheap, so the old generation filled with those trees to ~150 MB before each one. A growth
//   of 1.5x kept peak memory nearer the live set: peak RSS on 10,000 documents 240 -> 170 MiB,
//   at the same CPU time. Once values came from our own scanner (less garbage, so V8 pushed
//   the next collection further out) 1.5x gave 172 or 194 MiB from run to run; 1.25x gives
//   163 MiB (medians of 5 alternating runs: 1.5x 190, 1.4x 176, 1.3x 169, 1.25x 163), at the
//   same CPU time (6.71, 6.63, 6.61, 6.52 s).
// - Parallel scavenging. Splitting each young-generation collection over V8's helper threads
//   costs more than it saves for these short-lived trees, and with a lint thread per core the
//   helpers only take turns with the lint threads: without it, the real-world corpus takes
//   1.09 instead of 1.14 CPU-s (wall 0.71 vs 0.74 s), and 10,000 documents on two threads
//   4.0 instead of 4.3 s (one thread: the same).
// - Young generation (YoungGenerationCap). V8 doubles the semi-spaces whenever many objects
//   survive a scavenge, up to 16 MiB each, and a lint's syntax trees make them survive: on
//   10,000 documents the young generation (32 MiB) was a sixth of peak memory. With 8 MiB
//   semi-spaces (`node --max-semi-space-size=8`) peak RSS went 194 -> 172 MiB at the same CPU
//   time; with 1 MiB (never growing) 145 MiB, but 15 times as many scavenges, each copying the
//   trees of the file at hand again: CPU 10.8-11.0 -> 12.1 s (alternating runs, load average 11). The maximum is fixed when a heap is made, so for the main
//   thread it could only come from node's command line, and a bin's `#!/usr/bin/env -S node
//   ...` line breaks where `env` has no -S (BusyBox's, Alpine's, has not). What can change
//   later is the growth factor, read each time the space grows (SemiSpaceNewSpace::Grow in
//   V8's src/heap/new-spaces.cc): at 1 the space stops growing. So the main thread of a run
//   on one thread lets its young generation grow as V8 likes until the cap, then sets the
//   factor to 1 for the rest of the run (writing the report allocates too), and back to V8's
//   2 as the process exits: a code cache is tied to the flags in force when it is made
//   (src/prelude.ts), and the launcher writes it on exit, after the cap's own listener. A
//   worker thread's heap is made with the cap as its limit (`resourceLimits`, src/parallel.ts),
//   not through flags: the worker reads the code cache while the main thread lints, and
//   changed flags would make V8 reject it. The main thread of a parallel run keeps V8's
//   growth, as setting the factor there would stop the workers' young generations too (the
//   flag is the process's) and change the flags the workers read the cache under.
import type { EventEmitter } from 'node:events';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

/** Flags set as the CLI starts, each unless given to node (see tuneGcForBatchRuns). */
const SETTINGS: readonly V8Setting[] = [
  { flag: '--heap-growing-percent=25', name: 'heap-growing-percent' },
  { flag: '--no-parallel-scavenge', name: 'parallel-scavenge' },
];

type FlagSetter = (flags: string) => void;

/** The flags node was started with: its command line and NODE_OPTIONS. */
const givenToNode = (): string[] => [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];

/** A flag's name as V8 reads it: no dashes before it, `-` for `_`, no value, no `no-`. */
const flagNames = (execArgv: readonly string[]): string[] =>
  execArgv.map(
    (arg) =>
      arg
        .replaceAll('_', '-')
        .replace(/^--(no-)?/, '')
        .split('=')[0] ?? '',
  );

/**
 * Applies the settings to this process and its worker threads (V8's flags are the process's),
 * each unless node was started with that flag (NODE_OPTIONS cannot carry these).
 */
export function tuneGcForBatchRuns(
  execArgv: readonly string[] = process.execArgv,
  setFlags: FlagSetter = setFlagsFromString,
): void {
  setUnlessGiven(SETTINGS, execArgv, setFlags);
}

/**
 * The webhook's headroom in the old generation (`platlint serve`, see src/prelude.ts): the next
 * full collection once it holds twice what the previous one left, where V8 picks 1.1-4x from
 * how fast it collects (about 1.4x for the fixture state). Why: V8 starts marking as soon as
 * the room left is below the young generation's capacity (16 MiB semi-spaces once grown),
 * since one scavenge could promote that much. A webhook keeps its state and little else (35
 * MiB live with the fixture state, under 1 byte per request promoted), so 1.4x left it 10-15
 * MiB of room: when its young generation grew back after a quiet spell (V8 shrinks it when
 * little is allocated), two Mark-Compacts came within seconds of each other under load, each
 * pausing 9-16 ms with incremental steps of up to 28 ms, though the old generation had grown by
 * 2-4 MiB. Measured with --trace-gc and --trace-incremental-marking ("Start (task)", room
 * 9-16 MiB), 10-s bursts of 16 connections 30 s apart: 2 Mark-Compacts in each burst after the
 * first; with 2x, room 35 MiB and none. Costs at most the live heap again in memory before a
 * full collection; a large state, whose room V8 already sizes above the young generation, could
 * keep V8's own factor, but one setting for all is simpler and bounded by the heap's limit.
 * Not settable once V8 runs, so not here: the size of the young generation (fixed when the heap
 * is made), and turning off concurrent marking (--single-threaded-gc set at run time aborts V8
 * at its next Mark-Compact), whose helper threads take the server's one core in turns with it.
 */
const SERVE_SETTINGS: readonly V8Setting[] = [{ flag: '--heap-growing-percent=100', name: 'heap-growing-percent' }];

/** Applies the webhook's setting (SERVE_SETTINGS) unless node was started with that flag. */
export function tuneGcForServe(execArgv: readonly string[] = process.execArgv, setFlags: FlagSetter = setFlagsFromString): void {
  setUnlessGiven(SERVE_SETTINGS, execArgv, setFlags);
}

/** A V8 flag, and its name as node's command line may spell it (`--no-` and `_` aside). */
export interface V8Setting {
  flag: string;
  name: string;
}

/** Sets each of `settings` unless `execArgv` gives that flag, in any spelling. */
export function setUnlessGiven(settings: readonly V8Setting[], execArgv: readonly string[], setFlags: FlagSetter): void {
  const given = flagNames(execArgv);
  for (const { flag, name } of settings) if (!given.includes(name)) setFlags(flag);
}

/** The size, in MiB, at which a lint thread's semi-spaces stop growing (see the head of this file). */
export const SEMI_SPACE_CAP_MB = 8;
const STOP_GROWING = '--semi-space-growth-factor=1';
const V8_GROWTH = '--semi-space-growth-factor=2';
const MiB = 1024 * 1024;
// Whoever sizes the young generation when starting node wants it to grow to that size.
const SIZING = ['semi-space-growth-factor', 'max-semi-space-size', 'min-semi-space-size'];

/** The bytes of this thread's young generation (both semi-spaces). */
function youngGenerationBytes(): number {
  return getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
}

/**
 * Caps the young generation of the main thread of a run on one thread: told before each file
 * it takes, it sets the growth factor to 1 once both semi-spaces together reach twice the cap;
 * `release` puts V8's default back.
 */
export class YoungGenerationCap {
  private readonly enabled: boolean;
  private capped = false;

  constructor(
    execArgv: readonly string[] = givenToNode(),
    private readonly setFlags: FlagSetter = setFlagsFromString,
    private readonly youngBytes: () => number = youngGenerationBytes,
  ) {
    const given = flagNames(execArgv);
    this.enabled = !SIZING.some((name) => given.includes(name));
  }

  /** Before each file the thread takes. */
  beforeFile(): void {
    // Checked until the cap is reached only: the statistics cost about 10 µs.
    if (!this.enabled || this.capped || this.youngBytes() < 2 * SEMI_SPACE_CAP_MB * MiB) return;
    this.capped = true;
    this.setFlags(STOP_GROWING);
  }

  /** The flags as they were before the cap. */
  release(): void {
    if (this.capped) this.setFlags(V8_GROWTH);
    this.capped = false;
  }

  /**
   * Releases the cap as `process` exits, before any exit listener added earlier (the
   * launcher's, which writes the code cache). Released as soon as the lint was done, the cap
   * let a young generation grow to V8's maximum while the report was written.
   */
  releaseOnExit(process: Pick<EventEmitter, 'prependOnceListener'> = globalThis.process): void {
    process.prependOnceListener('exit', () => this.release());
  }

  /** The paths, with `beforeFile` called before each is handed out. */
  *each(paths: Iterable<string>): Generator<string> {
    for (const path of paths) {
      this.beforeFile();
      yield path;
    }
  }
}

/**
 * The `resourceLimits` of a lint worker thread: its young generation no larger than the cap.
 * V8 makes a young generation of three semi-spaces' worth (two semi-spaces and the space for
 * large young objects: Heap::YoungGenerationSizeFromSemiSpaceSize in src/heap/heap.cc).
 */
export function workerYoungGeneration(execArgv: readonly string[] = givenToNode()): { maxYoungGenerationSizeMb?: number } {
  const given = flagNames(execArgv);
  return SIZING.some((name) => given.includes(name)) ? {} : { maxYoungGenerationSizeMb: 3 * SEMI_SPACE_CAP_MB };
}
