// V8's garbage collector, tuned for batch runs such as `lint` (not for the webhook: see
// src/prelude.ts). Measured with node test/bench/process.bench.mjs and alternating runs:
//
// - Heap growth. A run keeps little (findings and the cross-document index: 30-40 MB on
//   10,000 documents), but each file's syntax trees live for the few milliseconds the file
//   takes, long enough to survive two young-generation collections and be promoted. V8 sets
//   the next full collection at up to about four times the live heap when collections are
//   cheap, so the old generation filled with those trees to ~150 MB before each one. A growth
//   of 1.5x keeps peak memory near the live set: peak RSS on 10,000 documents 240 -> 170 MiB,
//   at the same CPU time.
// - Parallel scavenging. Splitting each young-generation collection over V8's helper threads
//   costs more than it saves for these short-lived trees, and with a lint thread per core the
//   helpers only take turns with the lint threads: without it, the real-world corpus takes
//   1.09 instead of 1.14 CPU-s (wall 0.71 vs 0.74 s), and 10,000 documents on two threads
//   4.0 instead of 4.3 s (one thread: the same).
import { setFlagsFromString } from 'node:v8';

const SETTINGS: readonly V8Setting[] = [
  { flag: '--heap-growing-percent=50', name: 'heap-growing-percent' },
  { flag: '--no-parallel-scavenge', name: 'parallel-scavenge' },
];

/**
 * Applies the settings to this process and its worker threads (V8's flags are the process's),
 * each unless node was started with that flag (NODE_OPTIONS cannot carry these).
 */
export function tuneGcForBatchRuns(
  execArgv: readonly string[] = process.execArgv,
  setFlags: (flags: string) => void = setFlagsFromString,
): void {
  setUnlessGiven(SETTINGS, execArgv, setFlags);
}

/** A V8 flag, and its name as node's command line may spell it (`--no-` and `_` aside). */
export interface V8Setting {
  flag: string;
  name: string;
}

/** Sets each of `settings` unless `execArgv` gives that flag, in any spelling. */
export function setUnlessGiven(
  settings: readonly V8Setting[],
  execArgv: readonly string[],
  setFlags: (flags: string) => void,
): void {
  const given = execArgv.map(
    (arg) =>
      arg
        .replaceAll('_', '-')
        .replace(/^--(no-)?/, '')
        .split('=')[0],
  );
  for (const { flag, name } of settings) if (!given.includes(name)) setFlags(flag);
}
