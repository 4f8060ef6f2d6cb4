import { describe, expect, it } from 'vitest';
import { tuneGcForBatchRuns } from './gc-settings.js';

describe('tuneGcForBatchRuns', () => {
  const flagsSet = (execArgv: string[]): string[] => {
    const set: string[] = [];
    tuneGcForBatchRuns(execArgv, (flags) => set.push(flags));
    return set;
  };

  it('sets every flag when node was started without them', () => {
    expect(flagsSet([])).toEqual(['--heap-growing-percent=50', '--no-parallel-scavenge']);
    expect(flagsSet(['--max-old-space-size=4096', '--enable-source-maps'])).toEqual([
      '--heap-growing-percent=50',
      '--no-parallel-scavenge',
    ]);
  });

  it('leaves a flag given on the command line alone, in any spelling', () => {
    expect(flagsSet(['--heap-growing-percent=200'])).toEqual(['--no-parallel-scavenge']);
    expect(flagsSet(['--heap_growing_percent=0', '--parallel-scavenge'])).toEqual([]);
    expect(flagsSet(['--no-parallel_scavenge'])).toEqual(['--heap-growing-percent=50']);
  });
});
