// How far V8 lets the heap grow between full collections, chosen for lint runs. A run keeps
// little (findings and the cross-document index: 30-40 MB on 10,000 documents), but each
// file's syntax trees live for the few milliseconds the file takes, long enough to survive two
// young-generation collections and be promoted. V8 sets the next full collection at up to
// about four times the live heap when collections are cheap, so the old generation filled with
// those trees to ~150 MB before each collection. A growth of 1.5x keeps peak memory near the
// live set: measured on the 10,000-document corpus, peak RSS 240 -> 170 MiB at the same CPU
// time (`node test/bench/process.bench.mjs`). Not for the webhook (src/prelude.ts).
import { setFlagsFromString } from 'node:v8';

const FLAG = '--heap-growing-percent';
const GROWTH_PERCENT = 50;

/**
 * Bounds the heap's growth for this process and its worker threads (V8's flags are the
 * process's), unless node was started with a growth of its own (NODE_OPTIONS cannot carry it).
 */
export function boundHeapGrowth(execArgv: readonly string[] = process.execArgv, setFlags: (flags: string) => void = setFlagsFromString): void {
  if (execArgv.some((arg) => arg.replaceAll('_', '-').startsWith(FLAG))) return;
  setFlags(`${FLAG}=${GROWTH_PERCENT}`);
}
