// V8's optimizing compiler, tuned for batch runs such as `lint` (not for the webhook, which
// runs long enough for every hot function to pay back its optimization: src/prelude.ts).
//
// A function is optimized (TurboFan, on a helper thread) once it has spent V8's interrupt
// budget a few times. A run over a repository's manifests is short: most functions cross
// that line while the run is already half over, and the CPU spent compiling them is never
// paid back. The real-world corpus (test/corpus/realworld) spent a quarter of its CPU time so:
// with TurboFan off altogether it took ~1.5 instead of ~2.0 CPU-s, but 10,000 generated
// documents then took twice as long. Sixteen times the default budget (67,584 bytes of
// bytecode executed) leaves the optimization to the functions that stay hot, and keeps both.
// Four times, as first set, still had TurboFan compile 138 functions for 0.7 s on the
// real-world corpus, a run of about 1 CPU-s (`node --trace-opt`: the time each compile
// took, summed); sixteen times, 34 for 0.3 s, and 10,000 documents 128 functions instead of
// 372 at the same CPU time. What stays unoptimized longer allocates more (iterator results
// of for-of loops that TurboFan removes): 10,000 documents allocate 533 instead of 467 MB
// (a sampling heap profile), the real-world corpus about the same. Measured in alternating
// runs (node test/bench/process.bench.mjs): see the commit messages.
import { setFlagsFromString } from 'node:v8';
import { setUnlessGiven, type V8Setting } from './gc-settings.js';

const SETTINGS: readonly V8Setting[] = [{ flag: '--interrupt-budget=1081344', name: 'interrupt-budget' }];

/**
 * Applies the settings to this process and its worker threads (V8's flags are the process's),
 * each unless node was started with that flag. Like the GC's, before the bundle is compiled:
 * the code cache is tied to the flags it was made under.
 */
export function tuneJitForBatchRuns(
  execArgv: readonly string[] = process.execArgv,
  setFlags: (flags: string) => void = setFlagsFromString,
): void {
  setUnlessGiven(SETTINGS, execArgv, setFlags);
}
