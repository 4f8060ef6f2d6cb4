import { describe, expect, it } from 'vitest';
import { boundHeapGrowth } from './heap-growth.js';

describe('boundHeapGrowth', () => {
  const flagsSet = (execArgv: string[]): string[] => {
    const set: string[] = [];
    boundHeapGrowth(execArgv, (flags) => set.push(flags));
    return set;
  };

  it('bounds the growth when node was started without a growth of its own', () => {
    expect(flagsSet([])).toEqual(['--heap-growing-percent=50']);
    expect(flagsSet(['--max-old-space-size=4096', '--enable-source-maps'])).toEqual(['--heap-growing-percent=50']);
  });

  it('leaves a growth given on the command line alone, in either spelling', () => {
    expect(flagsSet(['--heap-growing-percent=200'])).toEqual([]);
    expect(flagsSet(['--heap_growing_percent=0'])).toEqual([]);
  });
});
