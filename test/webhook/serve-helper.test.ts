// The webhook tests' own harness: a server that never comes up must not outlive the test.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serve } from './helpers.js';

const HANG = 'process.stderr.write("starting\\n"); setInterval(() => {}, 1000) /* platlint-harness-hang */';

/** Pids of live (not zombie) processes whose command line holds `marker`. */
function liveWith(marker: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(marker)) continue;
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) pids.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

describe('serve (test harness)', () => {
  it('kills a process that never reports listening, and rejects with what it printed', async () => {
    // A stand-in for a server that hangs before listening: it runs until killed.
    const started = serve([], { command: [process.execPath, '-e', HANG, '--'], readyWithinMs: 1500 });
    await expect(started).rejects.toThrow(/no matching log event[\s\S]*starting/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(liveWith('platlint-harness-hang')).toEqual([]);
  });
});
