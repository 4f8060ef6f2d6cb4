// How a parallel run shares out its files: by bytes, largest first, from one queue every
// thread takes from as it becomes free. Threads are simulated by two views of the same
// shared counters, so the interleaving is chosen by the test, not by the scheduler.
import { afterAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { ReadFiles } from '@platlint/core';
import {
  BYTES_PER_THREAD,
  MAX_DEFAULT_THREADS,
  RunQueue,
  defaultWorkers,
  sizeUp,
  takenHere,
} from '../../packages/cli/src/parallel.js';
import { removeTempDirs, tempDir } from './helpers.js';

afterAll(removeTempDirs);

/** One file of `hugeBytes` and `small` files of 100 bytes, as paths in a temporary directory. */
function hugeAndSmall(hugeBytes: number, small: number): { huge: string; smalls: string[] } {
  const files: Record<string, string> = { 'm-huge.yaml': 'x'.repeat(hugeBytes) };
  for (let i = 0; i < small; i++) files[`s-${String(i).padStart(3, '0')}.yaml`] = 'y'.repeat(100);
  const dir = tempDir(files);
  return {
    huge: join(dir, 'm-huge.yaml'),
    smalls: Object.keys(files)
      .filter((f) => f !== 'm-huge.yaml')
      .map((f) => join(dir, f)),
  };
}

describe('the order files are taken in', () => {
  it('is by size, largest first, whatever order the run lists them in; the total is in bytes', () => {
    const { huge, smalls } = hugeAndSmall(5000, 3);
    const sized = sizeUp([...smalls, huge]);
    expect(sized.order[0]).toBe(huge);
    expect(sized.order.slice(1).sort()).toEqual(smalls);
    expect(sized.bytes).toBe(5300);
  });

  it('takes the sizes the run read already, and asks the disk for the others', () => {
    const { huge, smalls } = hugeAndSmall(5000, 1);
    const small = smalls[0] as string;
    // As read (before the file grew, say): the run's own reading decides.
    const sized = sizeUp([huge, small], (path) => (path === small ? 9000 : undefined));
    expect(sized).toEqual({ order: [small, huge], bytes: 14_000 });
  });

  it('counts a file that cannot be read as empty (its finding comes from the lint, not from here)', () => {
    const { huge } = hugeAndSmall(10, 0);
    expect(sizeUp([join(huge, '..', 'gone.yaml'), huge])).toEqual({ order: [huge, join(huge, '..', 'gone.yaml')], bytes: 10 });
  });
});

describe('one queue, several threads', () => {
  it('one huge file and many small ones: while one thread holds the huge file, the other takes the small ones', () => {
    const { huge, smalls } = hugeAndSmall(200_000, 40);
    const sized = sizeUp([...smalls, huge]);
    const counters = RunQueue.counters(1);
    const main = new RunQueue(sized.order, counters).take();
    const worker = new RunQueue(sized.order, counters).take();
    const mainShare = [main.next().value];
    const workerShare = [...worker];
    mainShare.push(...main);
    expect(mainShare).toEqual([huge]);
    expect(workerShare.sort()).toEqual(smalls);
  });

  it('hands out every file exactly once however the threads interleave', () => {
    const { huge, smalls } = hugeAndSmall(1000, 25);
    const sized = sizeUp([huge, ...smalls]);
    const counters = RunQueue.counters(2);
    const takers = [0, 1, 2].map(() => new RunQueue(sized.order, counters).take());
    const taken: string[][] = [[], [], []];
    // An uneven interleaving: thread 0 twice for each turn of the others, until all are dry.
    const turns = [0, 0, 1, 2];
    const dry = new Set<number>();
    for (let t = 0; dry.size < 3; t++) {
      const k = turns[t % turns.length] as number;
      const next = takers[k]!.next();
      if (next.done) dry.add(k);
      else taken[k]!.push(next.value);
    }
    expect(taken.flat().sort()).toEqual([huge, ...smalls].sort());
    expect(taken.every((share) => share.length > 0)).toBe(true);
  });

  it("gives the main thread what the run read of its own files, and lets the others' go as it passes them", () => {
    const { huge, smalls } = hugeAndSmall(1000, 6);
    const sized = sizeUp([huge, ...smalls]);
    const read = new ReadFiles(new Set(sized.order));
    for (const path of sized.order) read.keepBytes(path, readFileSync(path));
    const counters = RunQueue.counters(1);
    const main = takenHere(new RunQueue(sized.order, counters), read);
    const worker = new RunQueue(sized.order, counters).take();
    const mine: string[] = [];
    const theirs: string[] = [];
    // The worker takes two files for each the main thread takes.
    for (let turn = 0; ; turn++) {
      const next = turn % 3 === 0 ? main.next() : worker.next();
      if (next.done) {
        if (turn % 3 === 0) break;
        continue;
      }
      if (turn % 3 === 0) {
        // Still kept when the main thread takes it: nothing of its own was let go; the worker's
        // files before it in the queue were.
        expect(read.take(next.value, {})).toBeDefined();
        const place = sized.order.indexOf(next.value);
        for (const path of theirs) if (sized.order.indexOf(path) < place) expect(read.take(path, {})).toBeUndefined();
        mine.push(next.value);
      } else theirs.push(next.value);
    }
    theirs.push(...worker);
    expect([...mine, ...theirs].sort()).toEqual([...sized.order].sort());
    expect(mine.length).toBeGreaterThan(0);
    expect(theirs.length).toBeGreaterThan(0);
    // The queue is dry: whatever the worker took was let go, at its place or at the end.
    for (const path of theirs) expect(read.take(path, {})).toBeUndefined();
  });

  it('tells the progress callback how many files every thread has taken so far', () => {
    const { smalls } = hugeAndSmall(0, 4);
    const counters = RunQueue.counters(1);
    new RunQueue(smalls, counters).take().next();
    const seen: number[] = [];
    for (const path of new RunQueue(smalls, counters).take((n) => seen.push(n))) expect(smalls).toContain(path);
    expect(seen).toEqual([2, 3, 4]);
  });
});

describe('a worker that starts after the queue ran dry', () => {
  it('is abandoned by the main thread and then takes nothing', () => {
    const queue = new RunQueue(['a.yaml'], RunQueue.counters(1));
    expect(queue.abandon(1)).toBe(true);
    expect(queue.begin(1)).toBe(false);
  });

  it('is awaited when it began first: the main thread cannot abandon it', () => {
    const queue = new RunQueue(['a.yaml'], RunQueue.counters(2));
    expect(queue.begin(2)).toBe(true);
    expect(queue.abandon(2)).toBe(false);
    // Its neighbour's slot is its own.
    expect(queue.abandon(1)).toBe(true);
  });
});

describe('the default number of threads', () => {
  it('is one below BYTES_PER_THREAD bytes, then one more per BYTES_PER_THREAD, up to the cores and at most the cap', () => {
    expect(defaultWorkers(0, 4)).toBe(1);
    expect(defaultWorkers(BYTES_PER_THREAD - 1, 4)).toBe(1);
    expect(defaultWorkers(BYTES_PER_THREAD, 4)).toBe(2);
    expect(defaultWorkers(2 * BYTES_PER_THREAD, 4)).toBe(3);
    expect(defaultWorkers(100 * BYTES_PER_THREAD, 2)).toBe(2);
    expect(defaultWorkers(100 * BYTES_PER_THREAD, 64)).toBe(MAX_DEFAULT_THREADS);
    expect(defaultWorkers(100 * BYTES_PER_THREAD, 1)).toBe(1);
  });
});
