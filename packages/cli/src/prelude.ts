// What the CLI's launcher sets up before it compiles the CLI (scripts/bundle-node.mjs,
// `prelude`): V8 ties a code cache to the flags in force when it was made, so a flag set
// once a command runs would make the cache look stale to every other command.
//
// The batch commands tune the garbage collector (src/gc-settings.ts) and the optimizing
// compiler (src/jit-settings.ts). `serve` does the opposite with the collector: its
// full collections, more frequent with the batch commands' bounded heap growth, cost the
// webhook its tail latency (p99 at 16 connections 3.5-5.3 ms -> 5.5-8.9 ms), so it gives the
// old generation more room than V8 would (tuneGcForServe). Nor does it read the code cache,
// which V8 would reject for those flags: a webhook offered the rejected cache served 3% fewer
// requests with p99 4.5-8.3 ms instead of 2.5-3.5 ms (a long-running server compiles once
// anyway). Its worker threads inherit the environment, hence the switch through it.
import { isMainThread } from 'node:worker_threads';
import { tuneGcForBatchRuns, tuneGcForServe } from './gc-settings.js';
import { tuneJitForBatchRuns } from './jit-settings.js';

if (isMainThread) {
  if (process.argv[2] === 'serve') {
    process.env.PLATLINT_CODE_CACHE = '0';
    tuneGcForServe();
  } else {
    tuneGcForBatchRuns();
    tuneJitForBatchRuns();
  }
}
