import { describe, expect, it } from 'vitest';
import { tuneJitForBatchRuns } from './jit-settings.js';

describe('tuneJitForBatchRuns', () => {
  const flagsSet = (execArgv: string[]): string[] => {
    const set: string[] = [];
    tuneJitForBatchRuns(execArgv, (flags) => set.push(flags));
    return set;
  };

  it('raises the interrupt budget when node was started without it', () => {
    expect(flagsSet([])).toEqual(['--interrupt-budget=1081344']);
    expect(flagsSet(['--max-old-space-size=4096', '--no-opt'])).toEqual(['--interrupt-budget=1081344']);
  });

  it('leaves a budget given on the command line alone, in any spelling', () => {
    expect(flagsSet(['--interrupt-budget=1000'])).toEqual([]);
    expect(flagsSet(['--interrupt_budget=1000'])).toEqual([]);
  });
});
