// What the CLI's launcher sets up before it compiles the CLI (scripts/bundle-node.mjs,
// `prelude`): V8 ties a code cache to the flags in force when it was made, so a flag set
// once a command runs would make the cache look stale to every other command.
//
// The batch commands tune the garbage collector (src/gc-settings.ts). `serve` does not: its
// full collections, more frequent with the bounded heap growth, cost the webhook its tail
// latency (p99 at 16 connections 3.5-5.3 ms -> 5.5-8.9 ms); it starts without the code
// cache, once. Worker threads share the flags their process chose.
import { isMainThread } from 'node:worker_threads';
import { tuneGcForBatchRuns } from './gc-settings.js';

if (isMainThread && process.argv[2] !== 'serve') tuneGcForBatchRuns();
