import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import {
  SEMI_SPACE_CAP_MB,
  YoungGenerationCap,
  tuneGcForBatchRuns,
  tuneGcForServe,
  workerYoungGeneration,
} from './gc-settings.js';

describe('tuneGcForBatchRuns', () => {
  const flagsSet = (execArgv: string[]): string[] => {
    const set: string[] = [];
    tuneGcForBatchRuns(execArgv, (flags) => set.push(flags));
    return set;
  };

  it('sets every flag when node was started without them', () => {
    expect(flagsSet([])).toEqual(['--heap-growing-percent=25', '--no-parallel-scavenge']);
    expect(flagsSet(['--max-old-space-size=4096', '--enable-source-maps'])).toEqual([
      '--heap-growing-percent=25',
      '--no-parallel-scavenge',
    ]);
  });

  it('leaves a flag given on the command line alone, in any spelling', () => {
    expect(flagsSet(['--heap-growing-percent=200'])).toEqual(['--no-parallel-scavenge']);
    expect(flagsSet(['--heap_growing_percent=0', '--parallel-scavenge'])).toEqual([]);
    expect(flagsSet(['--no-parallel_scavenge'])).toEqual(['--heap-growing-percent=25']);
  });
});

describe('tuneGcForServe', () => {
  const flagsSet = (execArgv: string[]): string[] => {
    const set: string[] = [];
    tuneGcForServe(execArgv, (flags) => set.push(flags));
    return set;
  };

  it("doubles the old generation's room when node was started without a growth setting", () => {
    expect(flagsSet([])).toEqual(['--heap-growing-percent=100']);
    // Not the batch runs' settings: their bounded growth is what the webhook avoids.
    expect(flagsSet(['--max-old-space-size=512'])).toEqual(['--heap-growing-percent=100']);
  });

  it('leaves a growth given on the command line alone, in any spelling', () => {
    expect(flagsSet(['--heap-growing-percent=25'])).toEqual([]);
    expect(flagsSet(['--heap_growing_percent=0'])).toEqual([]);
  });
});

describe('YoungGenerationCap', () => {
  const MiB = 1024 * 1024;
  /** A cap over a young generation of the sizes given in turn (MiB), and the flags it sets. */
  const capOver = (execArgv: string[], sizes: number[]): { cap: YoungGenerationCap; set: string[] } => {
    const set: string[] = [];
    let i = 0;
    const cap = new YoungGenerationCap(
      execArgv,
      (flags) => set.push(flags),
      () => (sizes[Math.min(i++, sizes.length - 1)] ?? 0) * MiB,
    );
    return { cap, set };
  };

  it('stops the growth once both semi-spaces reach twice the cap, and sets nothing more', () => {
    const { cap, set } = capOver([], [2, 4, 8, 2 * SEMI_SPACE_CAP_MB, 2 * SEMI_SPACE_CAP_MB]);
    cap.beforeFile();
    cap.beforeFile();
    cap.beforeFile();
    expect(set).toEqual([]);
    cap.beforeFile();
    expect(set).toEqual(['--semi-space-growth-factor=1']);
    cap.beforeFile();
    cap.beforeFile();
    expect(set).toHaveLength(1);
  });

  it("puts V8's growth back when released, and only if it had stopped it", () => {
    const reached = capOver([], [2 * SEMI_SPACE_CAP_MB]);
    reached.cap.beforeFile();
    reached.cap.release();
    reached.cap.release();
    expect(reached.set).toEqual(['--semi-space-growth-factor=1', '--semi-space-growth-factor=2']);
    const notReached = capOver([], [2]);
    notReached.cap.beforeFile();
    notReached.cap.release();
    expect(notReached.set).toEqual([]);
  });

  it('is released as the process exits, before the exit listeners added earlier (the launcher writes its code cache in one)', () => {
    const { cap, set } = capOver([], [2 * SEMI_SPACE_CAP_MB]);
    const process = new EventEmitter();
    process.on('exit', () => set.push('code cache written'));
    cap.releaseOnExit(process);
    cap.beforeFile();
    expect(set).toEqual(['--semi-space-growth-factor=1']);
    process.emit('exit');
    process.emit('exit');
    expect(set).toEqual([
      '--semi-space-growth-factor=1',
      '--semi-space-growth-factor=2',
      'code cache written',
      'code cache written',
    ]);
  });

  it('does nothing when node was given a size or growth for the young generation, in any spelling', () => {
    for (const given of [['--max-semi-space-size=64'], ['--min_semi_space_size=4'], ['--semi-space-growth-factor=4']]) {
      const { cap, set } = capOver(given, [64]);
      cap.beforeFile();
      cap.release();
      expect(set).toEqual([]);
      expect(workerYoungGeneration(given)).toEqual({});
    }
  });

  it('gives a worker thread a young generation of three semi-spaces at the cap', () => {
    expect(workerYoungGeneration([])).toEqual({ maxYoungGenerationSizeMb: 3 * SEMI_SPACE_CAP_MB });
  });

  it('hands out the paths it is given, in order, each after its check', () => {
    const { cap, set } = capOver([], [1, 2 * SEMI_SPACE_CAP_MB]);
    const seen: string[] = [];
    for (const path of cap.each(['a', 'b', 'c'])) seen.push(`${path}:${set.length}`);
    expect(seen).toEqual(['a:0', 'b:1', 'c:1']);
  });
});
