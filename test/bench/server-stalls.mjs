// What held a server's main thread during a run of the webhook bench, besides the requests
// themselves: its garbage collector's pauses (V8's --trace-gc lines, which the bench sends to
// a file) and the time the thread was ready to run while something else had the core (the
// kernel's run-queue wait, /proc/PID/task/PID/schedstat). The bench pins each server to one
// core, so that "something else" is a neighbour's process or the server's own helper threads
// (V8's concurrent marking and sweeping, which run beside each Mark-Compact).
//
// Why the bench shows them: a p99 at 16 connections moves 2-5x from one 10-s run to the next
// on a shared machine, and these two figures say why. Measured inside `platlint serve`
// (answers per connection timed at res.end, GC entries from perf_hooks, load average 1-3):
// in runs where the main thread waited under 1% of the time and no Mark-Compact came, p99 was
// 4.4-4.5 ms; a Mark-Compact (8-15 ms pause) came with 50-100 ms of run-queue wait in the
// 200 ms around it, and runs with one had p99 6.5-9 ms; runs where the main thread waited
// 10% of the time had p99 10-25 ms, the bare node:https server's too (8-30 ms).
import { closeSync, openSync, readFileSync, readSync, fstatSync } from 'node:fs';

/**
 * Milliseconds the thread `tid` of process `pid` (its main thread by default) has spent ready
 * to run but not running: the second field of schedstat, in nanoseconds. NaN where the kernel
 * does not say (no /proc, or schedstats not built in).
 */
export function runQueueWaitMs(pid, tid = pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').trim().split(/\s+/);
    return Number(fields[1]) / 1e6;
  } catch {
    return NaN;
  }
}

/** The pauses of one --trace-gc line: the collection's own, and its longest incremental marking step before it. */
function pausesOf(line) {
  const gc = /: (Scavenge|Mark-Compact)\b[^,]*, ([\d.]+) \/ [\d.]+ ms/.exec(line);
  if (!gc) return undefined;
  const step = /biggest step ([\d.]+) ms/.exec(line);
  return { kind: gc[1] === 'Scavenge' ? 'scavenge' : 'mark-compact', ms: Number(gc[2]), stepMs: step ? Number(step[1]) : 0 };
}

/** Pauses by kind: count and longest; a Mark-Compact's incremental steps count as pauses of their own. */
export function summarizeGc(text) {
  const summary = { scavenges: 0, longestScavengeMs: 0, markCompacts: 0, longestMarkCompactMs: 0 };
  for (const line of text.split('\n')) {
    const pause = pausesOf(line);
    if (!pause) continue;
    if (pause.kind === 'scavenge') {
      summary.scavenges++;
      summary.longestScavengeMs = Math.max(summary.longestScavengeMs, pause.ms);
    } else {
      summary.markCompacts++;
      summary.longestMarkCompactMs = Math.max(summary.longestMarkCompactMs, pause.ms, pause.stepMs);
    }
  }
  return summary;
}

/** A --trace-gc log that a server appends to; `next()` reads what it wrote since the last call. */
export class GcLog {
  constructor(path) {
    this.path = path;
    this.offset = 0;
  }

  next() {
    const fd = openSync(this.path, 'r');
    try {
      const size = fstatSync(fd).size;
      const bytes = Buffer.alloc(size - this.offset);
      readSync(fd, bytes, 0, bytes.length, this.offset);
      // Only whole lines: the rest is read next time.
      const end = bytes.lastIndexOf(0x0a) + 1;
      this.offset += end;
      return bytes.subarray(0, end).toString('utf8');
    } finally {
      closeSync(fd);
    }
  }
}
